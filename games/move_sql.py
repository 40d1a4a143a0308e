"""Single-row reads and writes for the path every move takes, without the ORM's query building.

A move locks its table row, logs one action and updates the match and table rows. Built by the
ORM, those four statements cost more CPU than the rest of the move; here the SQL is made once
per model and column set, and each value is prepared by its own field (``get_db_prep_save``) and
read back through the ORM's converters, so JSON and dates behave as with ``save()`` on
PostgreSQL and SQLite alike. No signals are sent: nothing listens to these models.
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


def insert(model: type[Model], values: dict[str, Any]) -> None:
    """INSERT one row (no primary key read back)."""
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(model, tuple(values)), _params(model, values))


def update(model: type[Model], pk: Any, values: dict[str, Any]) -> int:
    """UPDATE the given columns of one row; returns the number of rows changed (0 or 1)."""
    if not values:
        return 0
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(model, tuple(values)), [*_params(model, values), pk])
        count: int = cursor.rowcount
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
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
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
