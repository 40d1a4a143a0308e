// The lobby's ranked queue: while the player waits, count the seconds and ask the server every
// 2 s whether matchmaking has seated them; once seated, go to the table. Without JS, the page
// shows the state it was rendered with (reload to see it move).

const box = document.getElementById("ranked-queue");
const S = JSON.parse(document.getElementById("ranked-strings").textContent);

if (box) {
  const text = document.getElementById("ranked-waiting");
  const started = Date.now() - Number(box.dataset.waited || 0) * 1000;
  const show = () => {
    const seconds = Math.floor((Date.now() - started) / 1000);
    text.textContent = S.waiting.replace("%(time)s", `${seconds} s`);
  };
  setInterval(show, 1000);
  const poll = async () => {
    try {
      const response = await fetch(box.dataset.statusUrl, { headers: { Accept: "application/json" } });
      if (response.ok) {
        const state = await response.json();
        if (state.state === "seated" && state.url) {
          text.textContent = S.seated;
          window.location.assign(state.url);
          return;
        }
        if (state.state !== "waiting") {
          window.location.reload();
          return;
        }
      }
    } catch (error) {
      // A network hiccup: try again at the next tick.
    }
    setTimeout(poll, 2000);
  };
  setTimeout(poll, 1000);
}
