"""The ``Permissions-Policy`` header of every response: the browser features the site never uses
are off, for its pages and for anything framed in them (a script injected into a page could not
reach the camera, the microphone or the position). The videos' player (youtube-nocookie.com,
``static/js/videos.js``) keeps what its frame asks for: autoplay, encrypted media,
picture-in-picture and full screen. The copy of an invitation link needs nothing listed here
(``clipboard-write`` is allowed to the page itself by default)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

VIDEO_PLAYER = '"https://www.youtube-nocookie.com"'
DENIED = (
    "accelerometer",
    "ambient-light-sensor",
    "battery",
    "camera",
    "display-capture",
    "geolocation",
    "gyroscope",
    "hid",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "publickey-credentials-get",
    "serial",
    "usb",
    "xr-spatial-tracking",
)
FOR_THE_VIDEOS = ("autoplay", "encrypted-media", "fullscreen", "picture-in-picture")

POLICY = ", ".join(
    [f"{feature}=()" for feature in DENIED]
    + [f"{feature}=(self {VIDEO_PLAYER})" for feature in FOR_THE_VIDEOS]
)


class PermissionsPolicyMiddleware:
    """Set the header unless a view set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", POLICY)
        return response
