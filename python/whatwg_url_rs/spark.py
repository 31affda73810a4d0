"""The batch kernels on Spark, through `DataFrame.mapInArrow`: Arrow record batches go from the
JVM to each Python worker and straight to Rust; no Python code runs per row.

>>> from whatwg_url_rs.spark import with_url_components
>>> parsed = with_url_components(df, "url")              # doctest: +SKIP
>>> parsed.select("url", "url_parts.hostname").show()    # doctest: +SKIP

The workers need `whatwg-url-rs` installed, as for any PySpark dependency.
"""

from __future__ import annotations

from typing import Iterator

from . import batch

__all__ = ["url_parts_type", "with_url_components"]


def url_parts_type():
    """The Spark SQL type of `batch.parse`'s struct."""
    from pyspark.sql.types import BooleanType, StringType, StructField, StructType

    return StructType(
        [StructField(name, StringType(), True) for name in batch.COMPONENTS]
        + [StructField("valid", BooleanType(), True), StructField("error", StringType(), True)]
    )


def with_url_components(df, column: str, output: str = "url_parts", base: str | None = None):
    """`df` with one more column, `output`: the struct of `batch.parse` for each row of the
    string column `column` (its components, `valid` and `error`), parsed against `base` when
    given. Runs through `mapInArrow`, one kernel call per Arrow batch."""
    import pyarrow as pa
    from pyspark.sql.types import StructField, StructType

    schema = StructType(df.schema.fields + [StructField(output, url_parts_type(), True)])

    def parse_batches(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for record_batch in batches:
            parts = batch.parse(record_batch.column(column), base)
            yield record_batch.append_column(output, parts)

    return df.mapInArrow(parse_batches, schema)
