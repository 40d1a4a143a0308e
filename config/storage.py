"""Static files as served in production: hashed names, compressed copies (WhiteNoise)."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    """Also rewrites the ``import`` lines of ES modules to the hashed names, so that the table
    page's modules are fetched once, under the names its ``modulepreload`` links give."""

    support_js_module_import_aggregation = True
