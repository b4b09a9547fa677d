"""BoundedMemory: a per-process memory of at most `limit` entries, the least recently used
forgotten first. Safe from any thread (views run in asgiref's threads, sockets on the loop)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any


class BoundedMemory:
    def __init__(self, limit: int):
        self.limit = limit
        self._items: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any, default: Any = None) -> Any:
        with self._lock:
            if key not in self._items:
                return default
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.limit:
                self._items.popitem(last=False)

    def discard(self, key: Any) -> None:
        with self._lock:
            self._items.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
