"""A small asyncio websocket client (RFC 6455 text frames, pings answered) for the fault tests:
the tests talk to real server processes over TCP exactly as a browser's htmx ws extension
does, with no extra dependency."""

from __future__ import annotations

import asyncio
import base64
import os
import struct


class Closed(Exception):
    """The connection is gone (closed by the server, reset, or never opened)."""


class WebSocket:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer = reader, writer
        self.closed = False
        self.close_code: int | None = None

    @classmethod
    async def connect(cls, host: str, port: int, path: str, *, cookie: str = "", timeout: float = 5.0):
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        except (OSError, TimeoutError) as error:
            raise Closed(str(error)) from None
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: {host}:{port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
            f"Origin: http://{host}:{port}",
        ]
        if cookie:
            lines.append(f"Cookie: {cookie}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout)
        except (OSError, TimeoutError, asyncio.IncompleteReadError) as error:
            writer.close()
            raise Closed(f"handshake failed: {error!r}") from None
        if not head.startswith(b"HTTP/1.1 101"):
            writer.close()
            raise Closed(head.split(b"\r\n", 1)[0].decode(errors="replace"))
        return cls(reader, writer)

    async def send(self, text: str) -> None:
        if self.closed:
            raise Closed("closed")
        self._frame(0x1, text.encode())
        try:
            await self.writer.drain()
        except OSError as error:
            self.closed = True
            raise Closed(str(error)) from None

    def _frame(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.writer.write(head + mask + masked)

    async def receive(self) -> str:
        """The next text message; raises Closed when the connection ends."""
        parts: list[bytes] = []
        while True:
            try:
                first, second = await self.reader.readexactly(2)
                length = second & 0x7F
                if length == 126:
                    (length,) = struct.unpack("!H", await self.reader.readexactly(2))
                elif length == 127:
                    (length,) = struct.unpack("!Q", await self.reader.readexactly(8))
                mask = await self.reader.readexactly(4) if second & 0x80 else b""
                payload = await self.reader.readexactly(length)
            except (OSError, asyncio.IncompleteReadError) as error:
                self.closed = True
                raise Closed(f"connection lost: {error!r}") from None
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            opcode = first & 0x0F
            if opcode == 0x8:  # close
                self.closed = True
                self.close_code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                raise Closed(f"closed by the server with {self.close_code}")
            if opcode == 0x9:  # ping
                self._frame(0xA, payload)
                continue
            if opcode in (0x1, 0x0, 0x2):
                parts.append(payload)
                if first & 0x80:
                    return b"".join(parts).decode(errors="replace")

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            try:
                self._frame(0x8, struct.pack("!H", 1000))
                await self.writer.drain()
            except OSError:
                pass
        self.writer.close()
