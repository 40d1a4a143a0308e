"""What the tables tell the apps above them (ranked play, the lobby, moderation).

``games`` never imports those apps: they connect receivers to these signals in their
``AppConfig.ready``. The match signals are sent by the unit of work inside the transaction that
deals or ends the match, so a receiver's writes commit or roll back with it; a receiver that
must reach the outside (queue a task, send a frame) does it with ``core.after_commit``.
"""

from __future__ import annotations

from django.dispatch import Signal

# A match was dealt at a table: sender=Table, table, match, seats ({position: Seat}).
match_dealt = Signal()
# The match's last action was applied: sender=Table, table, match, seats, history (the
# engine's hand records).
match_ended = Signal()
# After a commit that changed what the lobby lists of a table (its seats' occupants, its
# status, when bots come): sender=Table, table. Sent outside the transaction.
listing_changed = Signal()
# The chat's screen refused a message and asked for a report: sender=ChatMessage, table_id,
# viewer (games.viewers.Viewer), text (as sent), found (what the screen matched).
message_filtered = Signal()
