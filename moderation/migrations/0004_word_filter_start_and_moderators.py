"""A short starting list for the word filter (French and English), and the moderators' right to
manage it. Moderators edit the list in the admin afterwards."""

from django.db import migrations

MASK, REFUSE, REPORT = "mask", "refuse", "report"
START = [
    # French: swearing and insults are masked.
    ("merde", MASK),
    ("putain", MASK),
    ("con", MASK),
    ("conne", MASK),
    ("connard", MASK),
    ("connasse", MASK),
    ("salaud", MASK),
    ("salope", MASK),
    ("enculé", MASK),
    ("pute", MASK),
    ("fils de pute", MASK),
    ("fdp", MASK),
    ("bâtard", MASK),
    ("ta gueule", MASK),
    ("tg", MASK),
    ("abruti", MASK),
    ("ntm", REFUSE),
    ("nique ta mère", REFUSE),
    # French: slurs and threats are refused and reported.
    ("pédé", REPORT),
    ("bougnoule", REPORT),
    ("youpin", REPORT),
    ("suicide-toi", REPORT),
    ("va te pendre", REPORT),
    ("je vais te tuer", REPORT),
    # English: swearing and insults are masked.
    ("fuck", MASK),
    ("fucking", MASK),
    ("fucker", MASK),
    ("motherfucker", MASK),
    ("shit", MASK),
    ("bullshit", MASK),
    ("bitch", MASK),
    ("asshole", MASK),
    ("bastard", MASK),
    ("dickhead", MASK),
    ("stfu", MASK),
    ("cunt", REFUSE),
    ("retard", REFUSE),
    # English: slurs and threats are refused and reported.
    ("faggot", REPORT),
    ("nigger", REPORT),
    ("kill yourself", REPORT),
    ("kys", REPORT),
]
PERMISSIONS = ["view_wordfilter", "add_wordfilter", "change_wordfilter", "delete_wordfilter"]


def forwards(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    WordFilter = apps.get_model("moderation", "WordFilter")
    for pattern, action in START:
        WordFilter.objects.get_or_create(
            pattern=pattern, is_regex=False, defaults={"action": action}
        )
    config = apps.get_app_config("moderation")
    kept = getattr(config, "models_module", None)
    config.models_module = True
    create_permissions(config, apps=apps, verbosity=0)
    config.models_module = kept
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name="Modérateurs").first()
    if group is not None:
        group.permissions.add(
            *Permission.objects.filter(
                content_type__app_label="moderation", codename__in=PERMISSIONS
            )
        )


def backwards(apps, schema_editor):
    apps.get_model("moderation", "WordFilter").objects.filter(
        pattern__in=[p for p, _a in START], is_regex=False
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("moderation", "0003_word_filter"), ("moderation", "0002_moderators_group")]

    operations = [migrations.RunPython(forwards, backwards)]
