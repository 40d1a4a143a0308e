"""What accounts tell the apps above them (``accounts`` imports none of them)."""

from django.dispatch import Signal

# An account is about to be closed for good (``accounts.deletion.anonymise`` follows):
# sender=User, user (its names still in place). Each app above erases the account's name from
# the rows it keeps, writing ``accounts.models.deleted_name(user.pk)`` instead (shown as
# "Deleted player"): the tables give up its seats and rename its chat lines, seats and bans
# (``games.actions.tables``), ranked play its match seats and the matches' players
# (``ranked.closing``), moderation its reports and events (``moderation.closing``).
account_closing = Signal()

# An account's "Download my data" (``accounts.my_data``): sender=User, user. Each app above
# returns its sections of the document, a dict of JSON values: the tables its chat lines and
# bans (``games.personal_data``), ranked play its matches with their hand records, rating and
# suspension (``ranked.personal_data``), moderation the reports it made and the moderators'
# actions about it (``moderation.personal_data``), the deal of the day its daily tries
# (``daily.personal_data``).
personal_data = Signal()
