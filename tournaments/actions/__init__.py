"""The tournaments' use cases, one module per stage (as ``games.actions``):

- ``registration``: register alone or with a partner, accept or decline, withdraw, presence,
  a pair of bots added by staff;
- ``seeding``: the registrations made into pairs at the start, seeded by rating;
- ``rounds``: start a round, record a game's result, finish;
- ``recurring``: the next tournament of each daily one;
- ``locking``: the tournament's row lock and version, shared by the others.

**Locking.** Every use case that changes a tournament runs in one transaction that first locks
the tournament's row (``SELECT … FOR UPDATE``; on SQLite every transaction is a write lock), so
two workers starting the same round, or a result arriving while the round starts, are
serialized: the second one sees the first one's change and does nothing (``current_round``, a
game's ``outcome``). The lock order is always a table's row (when a match ends, the unit of work
holds it), then the tournament's; a round's start opens new tables only, never waits on an
existing one. Each change moves ``Tournament.version``, which the page's script polls; the task
of the next round is queued after the commit (``core.after_commit``), and beat's
``tournaments.tick`` catches any that is lost.

A round's tables are opened through the unit of work (``games.session.TableSession``) as ranked
play opens its own: a rated tournament's tables are ranked tables, so their matches move the
ratings and ranked play's abandonment rules apply (``ranked.participation``); an unrated one's
are private tables nobody can join (no invitation token, no host).
"""
