"""The use cases of the live tables, one module per domain (as Zulip's ``zerver/actions``).

Each public ``do_*`` function is one use case: it opens a ``games.session.TableSession`` on the
table it changes (the unit of work locks, loads, writes and broadcasts), checks what is asked,
raises ``ServiceError`` to refuse, and changes the loaded rows. Views, consumers, tasks and the
admin call these functions and nothing else that writes.

- ``tables``: opening tables, seats, starting, rematches;
- ``play``: a person's action, a bot's move;
- ``presence``: sockets coming and going, stand-ins;
- ``chat``: messages, mutes, moderation of messages;
- ``coach``: the coach's advice to the player to move (a read through ``reading``: no change);
- ``sweep``: the periodic catch-up of missed deadlines and abandoned tables;
- ``turns``: who is to move and their deadlines (shared by the others).
"""
