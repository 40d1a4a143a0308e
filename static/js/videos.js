/* Videos page: nothing is loaded from YouTube until the visitor clicks a video.
 *
 * Each card holds a <button class="video-play" data-youtube-id="..."> over a thumbnail served by
 * this site. A click replaces the thumbnail with the privacy-enhanced player
 * (youtube-nocookie.com), started at once since the visitor asked for it.
 */
(function () {
  "use strict";

  var EMBED_ORIGIN = "https://www.youtube-nocookie.com/embed/";
  var ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

  function embed(button) {
    var id = button.getAttribute("data-youtube-id") || "";
    if (!ID_PATTERN.test(id)) {
      return;
    }
    var frame = document.createElement("iframe");
    frame.src = EMBED_ORIGIN + id + "?autoplay=1";
    frame.title = button.getAttribute("data-title") || "";
    frame.className = "video-frame";
    frame.setAttribute("allow", "autoplay; encrypted-media; picture-in-picture; fullscreen");
    frame.setAttribute("allowfullscreen", "");
    frame.setAttribute("referrerpolicy", "strict-origin-when-cross-origin");
    var holder = button.closest(".video-media") || button.parentNode;
    holder.replaceChildren(frame);
    frame.focus();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.video-play") : null;
    if (button) {
      event.preventDefault();
      embed(button);
    }
  });
})();
