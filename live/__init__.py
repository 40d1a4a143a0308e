"""The live layer: the WebSocket consumers and their routes, the channel layer, each web
process's heartbeat of its sockets and its watch on the game server.

A consumer parses a frame, calls one use case (``games.actions``, ``moderation.actions``) and
sends what comes back; everything it changes goes through the unit of work.
"""
