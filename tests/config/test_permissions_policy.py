"""Every page says which browser features it never uses (Permissions-Policy): the camera, the
microphone, the position and the rest are off; the videos' player keeps full screen and
autoplay for itself."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("url", ["/fr/", "/fr/jouer/", "/fr/accounts/login/", "/fr/nulle-part/"])
def test_every_response_carries_a_permissions_policy(client, db, url):
    policy = client.get(url)["Permissions-Policy"]
    features = dict(part.strip().split("=", 1) for part in policy.split(","))
    for denied in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert features[denied] == "()"
    assert features["fullscreen"] == '(self "https://www.youtube-nocookie.com")'
    assert features["autoplay"] == '(self "https://www.youtube-nocookie.com")'
