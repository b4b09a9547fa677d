"""Teacher pages."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
@login_required
def teach(request):
    return render(request, "classroom/teach.html")
