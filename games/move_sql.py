"""Single-row reads and writes for the path every move takes, without the ORM's query building.

A move locks its table row, logs one action and updates the match and table rows. Built by the
ORM, those four statements cost more CPU than the rest of the move; here the SQL is made once
per model and column set, and each value is prepared by its own field (``get_db_prep_save``) and
read back through the ORM's converters, so JSON and dates behave as with ``save()`` on
PostgreSQL and SQLite alike. No signals are sent: nothing listens to these models.

On PostgreSQL these statements are sent as prepared statements with their values bound by the
server (a plain psycopg cursor on Django's connection, inside Django's transaction and error
wrapping): the site's Django cursors bind on the client, which quotes every value into the
SQL text in Python and has PostgreSQL parse and plan each statement again; for these few
statements, run on every move, that was a fifth of the use case's CPU. While Django logs
queries (DEBUG, ``CaptureQueriesContext``) they go through its cursor, to be logged.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeAlias, TypeVar, cast

from django.db import connection
from django.db.models import Field, Model
from django.db.models.expressions import Col

M = TypeVar("M", bound=Model)

#: Per column read: its ``Col`` and the converters the ORM applies to its values.
_ColumnRead: TypeAlias = tuple[Col, list[Callable[..., Any]]]


def _quote(name: str | None) -> str:
    # ``Field.column`` is typed ``str | None`` (None before ``contribute_to_class``); the
    # columns quoted here are those of installed models, always set.
    return connection.ops.quote_name(cast(str, name))


def _field(model: type[Model], name: str) -> Field[Any, Any]:
    # ``get_field`` may return a reverse relation (no column); the names given here are always
    # the model's own concrete fields.
    return cast("Field[Any, Any]", model._meta.get_field(name))


@cache
def _insert_sql(model: type[Model], names: tuple[str, ...]) -> str:
    columns = ", ".join(_quote(_field(model, n).column) for n in names)
    marks = ", ".join(["%s"] * len(names))
    return f"INSERT INTO {_quote(model._meta.db_table)} ({columns}) VALUES ({marks})"


@cache
def _update_sql(model: type[Model], names: tuple[str, ...]) -> str:
    sets = ", ".join(f"{_quote(_field(model, n).column)} = %s" for n in names)
    pk = _quote(model._meta.pk.column)
    return f"UPDATE {_quote(model._meta.db_table)} SET {sets} WHERE {pk} = %s"


# ``vendor`` only keys the caches below: the SQL and converters differ by database.
@cache
def _lock_where(model: type[Model], vendor: str) -> str:
    # SQLite has no FOR UPDATE: its write transactions are IMMEDIATE (see settings).
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return f"{_quote(model._meta.pk.column)} = %s{lock}"


def _params(model: type[Model], values: dict[str, Any]) -> list[Any]:
    return [_field(model, n).get_db_prep_save(v, connection) for n, v in values.items()]


def _prepared() -> Any:
    """A psycopg cursor that prepares its statements on Django's PostgreSQL connection, or None
    (another database, or Django is logging queries: its own cursor then)."""
    if connection.vendor != "postgresql" or connection.queries_logged:
        return None
    connection.ensure_connection()
    raw = connection.connection
    cursor = getattr(raw, "_move_sql_cursor", None)
    if cursor is None or cursor.closed:
        import psycopg  # the PostgreSQL driver: imported only where it is the database

        # Server-side binding (psycopg.Cursor), whatever the connection's cursor factory.
        cursor = raw._move_sql_cursor = psycopg.Cursor(raw)
    return cursor


def _execute(sql: str, params: list[Any], fetch: bool = False) -> Any:
    """Run one statement; the rows when ``fetch``, else the count of rows changed."""
    cursor = _prepared()
    if cursor is None:
        with connection.cursor() as django_cursor:
            django_cursor.execute(sql, params)
            return django_cursor.fetchall() if fetch else django_cursor.rowcount
    with connection.wrap_database_errors:
        cursor.execute(sql, params, prepare=True)
        return cursor.fetchall() if fetch else cursor.rowcount


def insert(model: type[Model], values: dict[str, Any]) -> None:
    """INSERT one row (no primary key read back)."""
    _execute(_insert_sql(model, tuple(values)), _params(model, values))


def update(model: type[Model], pk: Any, values: dict[str, Any]) -> int:
    """UPDATE the given columns of one row; returns the number of rows changed (0 or 1)."""
    if not values:
        return 0
    count: int = _execute(_update_sql(model, tuple(values)), [*_params(model, values), pk])
    return count


def lock(model: type[M], pk: Any) -> M | None:
    """Read one row FOR UPDATE (the ORM's converters applied), or None if there is none.
    Without a RawQuerySet, which resolved its columns again on every move."""
    found = instances(model, _lock_where(model, connection.vendor), [pk])
    return found[0] if found else None


@cache
def _select(
    model: type[Model], names: tuple[str, ...], where: str, order: str, vendor: str
) -> tuple[str, list[_ColumnRead]]:
    """The SQL and, per column, the converters the ORM would apply to the values read."""
    fields = [_field(model, n) for n in names]
    columns = ", ".join(_quote(f.column) for f in fields)
    sql = f"SELECT {columns} FROM {_quote(model._meta.db_table)} WHERE {where}"
    if order:
        sql += f" ORDER BY {_quote(_field(model, order).column)}"
    columns_read: list[_ColumnRead] = []
    for f in fields:
        col = f.get_col(model._meta.db_table)
        converters = connection.ops.get_db_converters(col) + f.get_db_converters(connection)
        columns_read.append((col, converters))
    return sql, columns_read


def select(
    model: type[Model], names: tuple[str, ...], where: str, params: list[Any], order: str = ""
) -> list[tuple[Any, ...]]:
    """Rows of ``names`` (field attnames) matching ``where`` (SQL with %s), converted as the ORM
    converts them (JSON, dates on SQLite)."""
    sql, columns = _select(model, names, where, order, connection.vendor)
    rows = _execute(sql, params, fetch=True)
    out: list[tuple[Any, ...]] = []
    for row in rows:
        values: list[Any] = []
        for value, (col, converters) in zip(row, columns, strict=True):
            for convert in converters:
                value = convert(value, col, connection)
            values.append(value)
        out.append(tuple(values))
    return out


def instances(model: type[M], where: str, params: list[Any], order: str = "") -> list[M]:
    """Model instances (as the ORM builds them: ``from_db``) of the rows matching ``where``."""
    names = tuple(f.attname for f in model._meta.concrete_fields)
    return [
        model.from_db(connection.alias, names, row)
        for row in select(model, names, where, params, order)
    ]
