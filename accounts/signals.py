"""What accounts tell the apps above them (``accounts`` imports none of them)."""

from django.dispatch import Signal

# An account is about to be closed for good (``accounts.deletion.anonymise`` follows):
# sender=User, user. The tables give up the seats it holds (``games.actions.tables``).
account_closing = Signal()
