// The tournament's page asks for its state every few seconds: the standing, the rounds and the
// player's own table are replaced when the tournament's version moved. The same request tells
// the site the player is here for the next round.
(function () {
  "use strict";
  var box = document.getElementById("tournament-live");
  if (!box) return;
  var url = box.getAttribute("data-state-url");
  var version = box.getAttribute("data-version");
  var seconds = parseInt(box.getAttribute("data-poll-seconds"), 10) || 5;

  function poll() {
    fetch(url + "?v=" + encodeURIComponent(version), {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (state && typeof state.html === "string") {
          box.innerHTML = state.html;
          version = String(state.version);
        }
        if (!state || state.status !== "finished") setTimeout(poll, seconds * 1000);
      })
      .catch(function () { setTimeout(poll, seconds * 1000); });
  }
  setTimeout(poll, seconds * 1000);
})();
