"""Flask extensions, created unbound here and bound to the app in create_app()."""

from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

# Named constraints, so a later migration can drop or alter them by name.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base of every model (models subclass db.Model, which is built on it)."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)
# SQLite cannot alter a column or a constraint in place: batch mode rebuilds the table.
migrate = Migrate(db=db, compare_type=True, render_as_batch=True)
csrf = CSRFProtect()
# Pages and JSON go out compressed (zstd, brotli or gzip, as the browser allows).
compress = Compress()
