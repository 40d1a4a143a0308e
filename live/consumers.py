"""WebSocket consumers: a table (/ws/tables/<id>/) and the lobby list (/ws/lobby/).

Thin: every change goes through a use case of games.actions; frames come from games.frames and
games.reading, groups from games.broadcast. Each table socket
listens to its table's state group and chat group, and sends its viewer only their own seat's
view (or the spectators'). Protocol: docs/protocol.md.
"""

from __future__ import annotations

import contextlib
import json
import logging
from urllib.parse import parse_qs

import orjson
from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation

from core import rate_limits
from core.addresses import client_address, client_browser
from games import access, broadcast, frames, reading, texts
from games.actions import chat, coach, play, presence, tables
from games.errors import ServiceError, refusal
from games.viewers import viewer_from_scope
from live import database_threads, heartbeat
from live import server_health as server_watch
from lobby import listing
from moderation import actions as moderation

log = logging.getLogger(__name__)

MAX_FRAME_BYTES = 4096
# Why a table socket was closed at once (docs/protocol.md).
CLOSE_CODES = {"no_table": 4404, "private_table": 4403}

BAD_JSON = refusal("bad_json")
BAD_MESSAGE = refusal("bad_message")
UNKNOWN_TYPE = refusal("unknown_type")
BAD_FIELD = refusal("bad_field")
TOO_LARGE = refusal("too_large")
TOO_FAST = refusal("too_fast")
SERVER_ERROR = refusal("server_error")


def _language(scope) -> str:
    """The socket's language: ?lang=en in the URL, else the site's default (French)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    lang = (query.get("lang") or [""])[0]
    return lang if lang in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


# A viewer's oldest socket at a table, closed because they opened one more than
# settings.TABLE_SOCKETS_PER_VIEWER: the page does not reconnect (docs/protocol.md).
SURPLUS_SOCKET_CODE = 4409
# A lobby socket that sent more than RATE_LIMITS["lobby_frames"] (the lobby only listens).
LOBBY_FLOOD_CODE = 4429

# A socket closed with this code lost the server's message bus (Redis): the client reconnects,
# as after any other close but 4403/4404/4409, and reads a full state (docs/protocol.md).
LAYER_LOST_CODE = 4503


class SocketGone(StopConsumer):
    """A frame was sent to a socket already closing: the consumer ends (cleanly, through its
    disconnect step), since nothing it sends will arrive any more."""


class _Consumer(AsyncWebsocketConsumer):
    _ended = False  # its disconnect step ran

    async def __call__(self, scope, receive, send) -> None:
        """Channels' loop, with three guarantees. A consumer whose channel layer fails (Redis
        gone: the core layer raises from its receive) closes its socket with LAYER_LOST_CODE
        instead of dying with a 1011. A send to a socket that is already closing (Daphne: the
        peer's close frame came, the TCP close has not yet: autobahn raises ``Disconnected``)
        ends the consumer (``SocketGone``) instead of killing it. And however the consumer ends
        (closed, failed, cancelled by Daphne), its disconnect step runs once: a socket's
        connection row and heartbeat never outlive it (issue 28: a seat stayed "connected"
        with no socket and held its table for ever)."""
        # Imported with the first socket, as the channel layer itself: redis-py (5 MB) stays
        # out of a web process that serves pages only.
        from live.layers import LAYER_ERRORS

        async def send_while_open(message: dict) -> None:
            try:
                await send(message)
            except Disconnected:
                if message["type"] == "websocket.send":
                    raise SocketGone from None
                # A close of a socket already closing: nothing left to do.

        code = 1006
        try:
            await super().__call__(scope, receive, send_while_open)
        except LAYER_ERRORS as error:
            log.warning("socket closed, channel layer lost (%r)", error)
            code = LAYER_LOST_CODE
            with contextlib.suppress(Exception):
                await send({"type": "websocket.close", "code": LAYER_LOST_CODE})
        finally:
            await self._end(code)

    async def _end(self, code: int) -> None:
        """The disconnect step, once whatever the way out."""
        if self._ended:
            return
        self._ended = True
        try:
            await self.disconnect(code)
        except Exception:
            log.exception("disconnect bookkeeping failed")

    async def websocket_disconnect(self, message: dict) -> None:
        await self._end(message.get("code", 1006))
        raise StopConsumer

    async def layer_lost(self, event: dict) -> None:
        """The pub/sub layer of this process lost Redis (live.layers.WatchedShard)."""
        await self.close(code=LAYER_LOST_CODE)

    async def dispatch(self, message: dict) -> None:
        """As Channels' dispatch, without its ``close_old_connections`` before every message:
        that is a hop to the database threads for each frame a socket forwards, queued behind
        the moves of the process. Database work here goes through ``live.database_threads``,
        which closes old connections itself."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


class TableConsumer(_Consumer):
    """One viewer (player or spectator) at one table."""

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.lang = _language(self.scope)
        self.viewer = await database_threads.run(viewer_from_scope, self.scope)
        self.key = self.viewer.key if self.viewer else None
        self.tag = frames.tag(self.key or "")
        self.invite_token: str | None = None  # known to the host only, read from the database
        self.hands_sent: tuple[int | None, int] = (None, 0)  # (match, hands) the client has
        self.position: str | None = None
        self.state_group: str | None = None
        self.mutes: set[str] = set()
        self.standin = False
        self.silence: dict | None = None
        self.address = client_address(self.scope)
        self.browser = client_browser(self.scope)
        self.sent_version = -1
        self.sent_state = ""  # the last state frame sent, as sent
        # One budget per viewer, whatever their number of sockets (an anonymous one: per socket).
        self.frames = (
            rate_limits.shared_window("viewer_frames", self.key)
            if self.key
            else rate_limits.Window("viewer_frames")
        )
        self.advised: int | None = None  # the table version the coach last answered
        self.watched = False
        try:
            await database_threads.run(
                access.check_follow, self.table_id, self.viewer, self.scope.get("session") or {}
            )
            self.position = await database_threads.run(
                presence.do_connect, self.table_id, self.viewer, self.channel_name
            )
        except ServiceError as error:
            # Accepted then closed, so that the client reads the reason in the close code.
            await self.accept()
            await self.close(code=CLOSE_CODES.get(error.code, 4400))
            return
        await self.accept()
        await self._close_surplus()
        await self.channel_layer.group_add(broadcast.chat_group(self.table_id), self.channel_name)
        await self._send_full_state()
        history = await database_threads.run(reading.visible_chat, self.table_id, self.key)
        await self.send_json({"type": "chat_history", "messages": history})
        heartbeat.watch(self.channel_name)
        self.watched = True
        server_watch.watch(self)
        if server_watch.known_down():
            await self.send_server(False)

    async def disconnect(self, code) -> None:
        """The socket's bookkeeping: its connection row first (the seat's presence), then its
        groups, each step whatever became of the others."""
        server_watch.unwatch(self)
        if getattr(self, "watched", False):
            heartbeat.unwatch(self.channel_name)
        table_id = getattr(self, "table_id", None)
        if table_id is None:
            return  # it never got as far as its table
        try:
            await database_threads.run(presence.do_disconnect, table_id, self.channel_name)
        except Exception:
            log.exception("disconnect bookkeeping failed at table %s", table_id)
        groups = [broadcast.chat_group(table_id), getattr(self, "state_group", None)]
        for group in filter(None, groups):
            with contextlib.suppress(Exception):  # a lost layer forgets its groups anyway
                await self.channel_layer.group_discard(group, self.channel_name)

    async def _close_surplus(self) -> None:
        """One socket too many for this viewer at this table closes their oldest, in whichever
        web process it is (a group of sockets from one viewer would otherwise multiply their
        message budget and their weight on the server)."""
        surplus = await database_threads.run(
            presence.surplus_sockets,
            self.table_id,
            self.key or "",
            settings.TABLE_SOCKETS_PER_VIEWER,
        )
        for name in surplus:
            await self.channel_layer.send(name, {"type": "socket.surplus"})

    async def socket_surplus(self, event: dict) -> None:
        await self.close(code=SURPLUS_SOCKET_CODE)

    # ------------------------------------------------------------------ sending

    async def send_json(self, content: dict) -> None:
        await self.send(text_data=orjson.dumps(content).decode())

    async def send_server(self, ok: bool) -> None:
        """Whether the game server (worker and beat) answers: see live.server_health."""
        await self.send_json({"type": "server", "ok": ok})

    async def send_error(self, error: ServiceError) -> None:
        with translation.override(self.lang):
            frame = error.as_frame()
        await self.send_json(frame)

    def _build_frames(self) -> tuple[dict, dict]:
        with translation.override(self.lang):
            return reading.table_frames(self.table_id, self.viewer)

    async def _send_full_state(self) -> None:
        """Read this viewer's state and the match's history from the database, follow their
        seat, send both."""
        frame, history = await database_threads.run(self._build_frames)
        me = frame["table"]["me"]
        await self._follow(me["seat"])
        self.mutes = set(me["mutes"])
        self.standin = me["standin"]
        self.silence = {k: me[k] for k in frames.NOT_SILENCED}
        self.invite_token = me["invite_token"]
        self.sent_version = frame["version"]
        self.sent_state = frames.to_json(frame)
        await self.send(text_data=self.sent_state)
        self.hands_sent = (history["match"], len(history["hands"]))
        await self.send_json(history)

    async def _follow(self, position: str | None) -> None:
        """Listen to the table's state group (once), as this seat (or a spectator)."""
        if self.state_group is None:
            group = broadcast.state_group(self.table_id)
            await self.channel_layer.group_add(group, self.channel_name)
            self.state_group = group
        self.position = position

    # ------------------------------------------------------------------ group events

    async def table_state(self, event: dict) -> None:
        occupants = event["occupants"]
        mine = next((p for p, t in occupants.items() if self.key and t == self.tag), None)
        host = bool(self.key) and event["host"] == self.tag
        if mine != self.position or (host and event["invitation"] and not self.invite_token):
            await self._send_full_state()  # seated, unseated, or host now: read it all
            return
        version = event["version"]
        if version < self.sent_version:
            return  # an older broadcast overtaken by one already sent
        if not await self._send_hands(event):
            return
        self.standin = mine in event["standins"]
        me = frames.me_part(
            seat=mine,
            name=self.viewer.name if self.viewer else None,
            host=host,
            mutes=self.mutes,
            standin=self.standin,
            invite_token=self.invite_token or "",
            silence=self.silence,
        )
        facts = event["facts"]
        facts_json = facts.get(self.lang) or facts.get("*") or facts[settings.LANGUAGE_CODE]
        # Its own seat's view only (``mine`` sits in ``occupants``, whose views the message has).
        view = event["views"][mine or frames.PUBLIC_VIEW]
        text = frames.frame_text(version, facts_json, me, view)
        if text == self.sent_state:
            # The state it has already: a broadcast that was on its way while this socket read
            # its full state (it joined a group its process already listened to).
            return
        self.sent_version, self.sent_state = version, text
        await self.send(text_data=text)

    async def _send_hands(self, event: dict) -> bool:
        """Keep the client's history of the match in step before its state: the hand that just
        ended (``hand_result``), or an empty history for a new match. Anything else (a broadcast
        missed) reads the whole state again; False then, the event is spent."""
        match, hands = event["match"], event["hands"]
        sent_match, sent_hands = self.hands_sent
        if (match, hands) == self.hands_sent:
            return True
        if match == sent_match and hands == sent_hands + 1 and event["hand_result"]:
            await self.send(text_data=frames.hand_result_text(match, event["hand_result"]))
        elif hands == 0:
            await self.send_json(frames.history_frame(match, []))
        else:
            await self._send_full_state()
            return False
        self.hands_sent = (match, hands)
        return True

    async def table_chat(self, event: dict) -> None:
        message = event["message"]
        if message["seat"] in self.mutes:
            return
        await self.send_json({"type": event.get("frame", "chat"), "message": message})

    async def table_chat_hidden(self, event: dict) -> None:
        await self.send_json({"type": "chat_hidden", "id": event["id"]})

    async def table_moderated(self, event: dict) -> None:
        """A moderator banned this viewer from chatting, or lifted the ban: read it again."""
        if self.key and event["viewer_key"] == self.key:
            await self._send_full_state()

    # ------------------------------------------------------------------ receiving

    async def receive(self, text_data=None, bytes_data=None) -> None:
        try:
            message = self._parse(text_data, bytes_data)
            handler = getattr(self, f"on_{message['type']}")
            await handler(message)
        except ServiceError as error:
            await self.send_error(error)
        except StopConsumer:  # SocketGone: the socket is closing
            raise
        except Exception:  # keep the socket open: the client can sync and try again
            log.exception("table %s: message failed", self.table_id)
            await self.send_error(SERVER_ERROR)

    def _parse(self, text_data, bytes_data) -> dict:
        if not self.frames.hit():
            raise TOO_FAST
        if text_data is None:
            raise BAD_MESSAGE
        if len(text_data) > MAX_FRAME_BYTES or len(text_data.encode()) > MAX_FRAME_BYTES:
            raise TOO_LARGE
        try:
            message = json.loads(text_data)
        except (ValueError, RecursionError):  # nested deeper than the decoder goes: not JSON here
            raise BAD_JSON from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise BAD_MESSAGE
        if message["type"] not in HANDLED:
            raise UNKNOWN_TYPE
        # Optional fields are absent or of their type: null is not "absent".
        if "version" in message and type(message["version"]) is not int:
            raise BAD_FIELD
        if "seat" in message and not isinstance(message["seat"], str):
            raise BAD_FIELD
        return message

    async def _call(self, func, *args):
        return await database_threads.run(func, *args)

    async def _reclaim(self) -> None:
        """Any message from a seated person whose seat a bot is playing takes it back."""
        if self.standin and self.viewer is not None:
            await self._call(presence.do_reclaim, self.table_id, self.viewer)

    async def _act(self, action: dict, message: dict) -> None:
        if self.position is None:
            raise refusal("not_a_player")  # a spectator: not_seated, whatever seat they name
        if "seat" in message and message["seat"] != self.position:
            raise refusal("not_your_seat")
        await self._call(play.do_act, self.table_id, self.viewer, action, message.get("version"))

    async def on_bid(self, message: dict) -> None:
        bid = message.get("bid")
        if not (type(bid) is int or isinstance(bid, str)):
            raise BAD_FIELD
        await self._act({"type": "bid", "bid": bid}, message)

    async def on_play(self, message: dict) -> None:
        card = message.get("card")
        if not isinstance(card, str):
            raise BAD_FIELD
        await self._act({"type": "play", "card": card}, message)

    async def on_look(self, message: dict) -> None:
        await self._act({"type": "look"}, message)

    async def on_advice(self, message: dict) -> None:
        """The coach's suggestion for my move, from my own view (never at ranked tables)."""
        await self._reclaim()
        advice = await self._call(coach.do_advice, self.table_id, self.viewer, self.advised)
        self.advised = advice.version
        with translation.override(self.lang):
            reason = texts.sentence(advice.code, advice.params)
        await self.send_json(
            {
                "type": "advice",
                "version": advice.version,
                "action": advice.action,
                "code": advice.code,
                "reason": reason,
            }
        )

    async def on_start(self, message: dict) -> None:
        if self.viewer is None:
            raise refusal("not_host")
        await self._call(tables.do_start, self.table_id, self.viewer)

    async def on_chat(self, message: dict) -> None:
        text = message.get("text")
        if not isinstance(text, str):
            raise BAD_FIELD
        await self._reclaim()
        await self._call(chat.do_chat, self.table_id, self.viewer, text, self.address, self.browser)

    async def on_report(self, message: dict) -> None:
        await self._call(moderation.do_report_frame, self.table_id, self.viewer, message)
        await self.send_json({"type": "report_received"})

    async def _mute(self, message: dict, muted: bool) -> None:
        seat = message.get("seat")
        if not isinstance(seat, str):
            raise BAD_FIELD
        mutes = await self._call(chat.do_mute, self.table_id, self.viewer, seat, muted)
        self.mutes = set(mutes)
        await self._send_full_state()

    async def on_mute(self, message: dict) -> None:
        await self._mute(message, True)

    async def on_unmute(self, message: dict) -> None:
        await self._mute(message, False)

    async def on_sync(self, message: dict) -> None:
        """The full state again; with the client's ``version`` (a quiet page checking it missed
        nothing), only when the table has moved on, and without taking a seat back."""
        version = message.get("version")
        if version is not None:
            current = await database_threads.run(reading.version_of, self.table_id)
            if current == version:
                return
        else:
            await self._reclaim()
        await self._send_full_state()

    async def on_back(self, message: dict) -> None:
        """ "I'm back": answered with the state (the seat taken back from the stand-in, if a bot
        was playing it); refused to a spectator, who has no seat to take back."""
        if self.position is None:
            raise refusal("not_seated")
        await self._reclaim()
        await self._send_full_state()


HANDLED = {name[3:] for name in dir(TableConsumer) if name.startswith("on_") and name != "on_"}


class LobbyConsumer(_Consumer):
    """The live lists of the public tables: open ones to join, ones in play to watch."""

    async def connect(self) -> None:
        self.lang = _language(self.scope)
        self.frames = rate_limits.Window("lobby_frames")
        await self.accept()
        await self.channel_layer.group_add(listing.LOBBY_GROUP, self.channel_name)
        frame = await database_threads.run(self._frame)
        await self.send(text_data=json.dumps(frame))

    def _frame(self) -> dict:
        with translation.override(self.lang):
            return listing.lobby_frame()

    async def disconnect(self, code) -> None:
        await self.channel_layer.group_discard(listing.LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """The lobby socket only listens; anything sent is answered with an error, and a
        socket that keeps sending is closed."""
        if not self.frames.hit():
            await self.close(code=LOBBY_FLOOD_CODE)
            raise StopConsumer  # nothing more to read or answer
        with translation.override(self.lang):
            frame = UNKNOWN_TYPE.as_frame()
        await self.send(text_data=json.dumps(frame))

    async def lobby_tables(self, event: dict) -> None:
        frames = event["frames"]
        frame = frames.get(self.lang) or frames.get(settings.LANGUAGE_CODE)
        await self.send(text_data=json.dumps(frame))
