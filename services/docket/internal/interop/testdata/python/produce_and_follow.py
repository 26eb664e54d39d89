"""An outside producer of Docket submission requests, in Python.

It does what a producer that does not speak HTTP does (services/ingest/README.md,
"Requests over Kafka"): it puts the document in its tenant's drop area of the
blob store under its SHA-256, publishes a DocumentRequested with the Confluent
client's AvroSerializer (auto-registration off: the schema is looked up in the
registry), signed with the tenant's request secret, then reads docket.document.submitted, .rejected and .recorded with
the AvroDeserializer, read_committed, until its workflow is recorded. It
prints one JSON object, which the interop test asserts on.

Configuration comes from the environment (see the interop test):
DOCKET_BOOTSTRAP, DOCKET_SASL_USERNAME, DOCKET_SASL_PASSWORD, DOCKET_CA_FILE,
DOCKET_REGISTRY_URL, DOCKET_BLOB_DIR, DOCKET_TENANT, DOCKET_REQUEST_SECRET, DOCKET_DOCUMENT,
DOCKET_SCHEMA_FILE, DOCKET_GROUP, DOCKET_TIMEOUT_S.
"""

import datetime
import hashlib
import hmac
import json
import os
import sys
import tempfile
import time
import uuid

import avro.schema
import confluent_kafka
from confluent_kafka import Consumer, KafkaException, Producer
from confluent_kafka.schema_registry import SchemaRegistryClient
from confluent_kafka.schema_registry.avro import AvroDeserializer, AvroSerializer
from confluent_kafka.serialization import MessageField, SerializationContext

REQUESTED = "docket.document.requested"
SUBMITTED = "docket.document.submitted"
REJECTED = "docket.document.rejected"
RECORDED = "docket.document.recorded"

CLIENT_VERSION = confluent_kafka.__version__


def env(name):
    value = os.environ.get(name)
    if not value:
        sys.exit(f"produce_and_follow.py: {name} is not set")
    return value


def drop_blob(blob_dir, tenant, content):
    """Puts content in the tenant's drop area of Docket's file blob store,
    tenants/<tenant>/sha256/<aa>/<hash>, written to a temporary file and
    renamed into place."""
    digest = hashlib.sha256(content).hexdigest()
    folder = os.path.join(blob_dir, "tenants", tenant, "sha256", digest[:2])
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".upload-")
    with os.fdopen(fd, "wb") as f:
        f.write(content)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, os.path.join(folder, digest))
    return digest


def kafka_config():
    return {
        "bootstrap.servers": env("DOCKET_BOOTSTRAP"),
        "security.protocol": "SASL_SSL",
        "sasl.mechanism": "SCRAM-SHA-512",
        "sasl.username": env("DOCKET_SASL_USERNAME"),
        "sasl.password": env("DOCKET_SASL_PASSWORD"),
        "ssl.ca.location": env("DOCKET_CA_FILE"),
    }


def plain(value):
    """JSON for what the AvroDeserializer returns (datetimes, bytes)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    if isinstance(value, bytes):
        return value.hex()
    return value


def main():
    registry = SchemaRegistryClient({"url": env("DOCKET_REGISTRY_URL")})
    # The schema as a Python tool writes it: the avro library spells out
    # every nested record's namespace, so the text differs from the one
    # Docket registered; the registry must find it by its parsed form.
    with open(env("DOCKET_SCHEMA_FILE")) as f:
        schema_str = str(avro.schema.parse(f.read()))
    serializer = AvroSerializer(
        registry,
        schema_str,
        conf={"auto.register.schemas": False, "use.latest.version": False},
    )
    deserializer = AvroDeserializer(registry)

    with open(env("DOCKET_DOCUMENT"), "rb") as f:
        content = f.read()
    run = uuid.uuid4().hex[:12]
    content += f"\nReference: PY-{run}\n".encode()
    digest = drop_blob(env("DOCKET_BLOB_DIR"), env("DOCKET_TENANT"), content)

    event_id = str(uuid.uuid4())
    key = f"scanner-gw/py-{run}"
    request = {
        "meta": {
            "event_id": event_id,
            "workflow_id": f"py-{run}",  # the record key: a correlation id
            "tenant_id": env("DOCKET_TENANT"),
            "occurred_at": datetime.datetime.now(datetime.timezone.utc),
            "causation_id": "",
            "producer": {"service": "scanner-gw-python", "version": CLIENT_VERSION},
        },
        "document": {
            "uri": "docket-blob://sha256/" + digest,
            "sha256": digest,
            "size_bytes": len(content),
            "media_type": "text/plain",
        },
        "filename": f"invoice-py-{run}.txt",
        "idempotency_key": key,
        "priority": 0,
        "deadline": None,
        "labels": {"client": "confluent-kafka-python"},
        "callback_url": None,
    }

    producer = Producer({**kafka_config(), "acks": "all", "enable.idempotence": True})
    value = serializer(request, SerializationContext(REQUESTED, MessageField.VALUE))
    delivered = []

    def on_delivery(err, msg):
        if err is not None:
            raise KafkaException(err)
        delivered.append((msg.partition(), msg.offset()))

    # The signature binds the request to the tenant: an HMAC-SHA256 of the
    # record value under the tenant's request secret.
    signature = "v1=" + hmac.new(env("DOCKET_REQUEST_SECRET").encode(), value, hashlib.sha256).hexdigest()
    producer.produce(REQUESTED, key=request["meta"]["workflow_id"].encode(), value=value,
                     headers=[("docket-signature", signature.encode())], on_delivery=on_delivery)
    if producer.flush(30) != 0 or not delivered:
        sys.exit("produce_and_follow.py: the request was not delivered within 30s")

    consumer = Consumer({
        **kafka_config(),
        "group.id": env("DOCKET_GROUP"),
        "auto.offset.reset": "earliest",
        "isolation.level": "read_committed",
        "enable.auto.commit": False,
    })
    consumer.subscribe([SUBMITTED, REJECTED, RECORDED])
    out = {
        "client": "confluent-kafka-python " + CLIENT_VERSION,
        "librdkafka": confluent_kafka.libversion()[0],
        "event_id": event_id,
        "idempotency_key": key,
        "schema_id": int.from_bytes(value[1:5], "big"),
        "partition": delivered[0][0],
        "offset": delivered[0][1],
    }
    workflow, recorded = None, {}
    deadline = time.monotonic() + float(os.environ.get("DOCKET_TIMEOUT_S", "120"))
    try:
        while time.monotonic() < deadline:
            msg = consumer.poll(0.5)
            if msg is None:
                continue
            if msg.error():
                raise KafkaException(msg.error())
            event = deserializer(msg.value(), SerializationContext(msg.topic(), MessageField.VALUE))
            if msg.topic() == SUBMITTED and event["meta"]["causation_id"] == event_id:
                workflow = event["meta"]["workflow_id"]
                out["submitted"] = plain(event)
            elif msg.topic() == REJECTED and event.get("idempotency_key") == key:
                out["rejected"] = plain(event)
                break
            elif msg.topic() == RECORDED:
                recorded[event["meta"]["workflow_id"]] = plain(event)
            if workflow is not None and workflow in recorded:
                out["workflow_id"] = workflow
                out["recorded"] = recorded[workflow]
                break
    finally:
        consumer.close()
    if "recorded" not in out and "rejected" not in out:
        out["error"] = f"no result for workflow {workflow} within the timeout"
    print(json.dumps(out))


if __name__ == "__main__":
    main()
