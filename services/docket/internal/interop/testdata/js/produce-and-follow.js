// An outside producer of Docket submission requests, in JavaScript.
//
// It does what a producer that does not speak HTTP does (services/ingest/README.md,
// "Requests over Kafka"): it puts the document in the blob store under its
// SHA-256, publishes a DocumentRequested encoded by
// @kafkajs/confluent-schema-registry with the latest registered version of
// docket.document.requested-value (nothing is registered), then reads
// docket.document.submitted, .rejected and .recorded with kafkajs
// (read_committed, its default) until its workflow is recorded. It prints one
// JSON object, which the interop test asserts on.
//
// Configuration comes from the environment (see the interop test):
// DOCKET_BOOTSTRAP, DOCKET_SASL_USERNAME, DOCKET_SASL_PASSWORD, DOCKET_CA_FILE,
// DOCKET_REGISTRY_URL, DOCKET_BLOB_DIR, DOCKET_TENANT, DOCKET_DOCUMENT,
// DOCKET_GROUP, DOCKET_TIMEOUT_S.
'use strict'

const crypto = require('crypto')
const fs = require('fs')
const path = require('path')
const { Kafka, Partitioners, logLevel } = require('kafkajs')
const { SchemaRegistry } = require('@kafkajs/confluent-schema-registry')

const REQUESTED = 'docket.document.requested'
const SUBMITTED = 'docket.document.submitted'
const REJECTED = 'docket.document.rejected'
const RECORDED = 'docket.document.recorded'

function env (name) {
  const value = process.env[name]
  if (!value) {
    console.error(`produce-and-follow.js: ${name} is not set`)
    process.exit(2)
  }
  return value
}

// dropBlob puts content in the tenant's drop area of Docket's file blob
// store, tenants/<tenant>/sha256/<aa>/<hash>, written to a temporary file
// and renamed into place.
function dropBlob (blobDir, tenant, content) {
  const digest = crypto.createHash('sha256').update(content).digest('hex')
  const folder = path.join(blobDir, 'tenants', tenant, 'sha256', digest.slice(0, 2))
  fs.mkdirSync(folder, { recursive: true })
  const tmp = path.join(folder, `.upload-${crypto.randomUUID()}`)
  const fd = fs.openSync(tmp, 'w', 0o644)
  fs.writeSync(fd, content)
  fs.fsyncSync(fd)
  fs.closeSync(fd)
  fs.renameSync(tmp, path.join(folder, digest))
  return digest
}

// plain makes a decoded event JSON-friendly (bytes as hex).
function plain (value) {
  if (Buffer.isBuffer(value)) return value.toString('hex')
  if (Array.isArray(value)) return value.map(plain)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
  }
  return value
}

async function main () {
  const kafka = new Kafka({
    clientId: 'scanner-gw-js',
    brokers: env('DOCKET_BOOTSTRAP').split(','),
    ssl: { ca: [fs.readFileSync(env('DOCKET_CA_FILE'), 'utf8')] },
    sasl: { mechanism: 'scram-sha-512', username: env('DOCKET_SASL_USERNAME'), password: env('DOCKET_SASL_PASSWORD') },
    // a cluster that just started answers "coordinator is loading" for a while
    retry: { retries: 10 },
    logLevel: logLevel.WARN
  })
  const registry = new SchemaRegistry({ host: env('DOCKET_REGISTRY_URL') })

  const run = crypto.randomUUID().replace(/-/g, '').slice(0, 12)
  const content = Buffer.concat([fs.readFileSync(env('DOCKET_DOCUMENT')), Buffer.from(`\nReference: JS-${run}\n`)])
  const digest = dropBlob(env('DOCKET_BLOB_DIR'), env('DOCKET_TENANT'), content)

  const eventId = crypto.randomUUID()
  const key = `scanner-gw/js-${run}`
  const request = {
    meta: {
      event_id: eventId,
      workflow_id: `js-${run}`, // the record key: a correlation id
      tenant_id: env('DOCKET_TENANT'),
      occurred_at: Date.now(), // timestamp-millis
      causation_id: '',
      producer: { service: 'scanner-gw-js', version: require('kafkajs/package.json').version }
    },
    document: { uri: `docket-blob://sha256/${digest}`, sha256: digest, size_bytes: content.length, media_type: 'text/plain' },
    filename: `invoice-js-${run}.txt`,
    idempotency_key: key,
    priority: 0,
    deadline: null,
    labels: { client: 'kafkajs' },
    callback_url: null
  }
  const schemaId = await registry.getLatestSchemaId(`${REQUESTED}-value`)
  const value = await registry.encode(schemaId, request)

  // Java's partitioner (murmur2 of the key), like every Docket producer.
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner })
  await producer.connect()
  // The signature binds the request to the tenant: an HMAC-SHA256 of the
  // record value under the tenant's request secret.
  const signature = 'v1=' + crypto.createHmac('sha256', env('DOCKET_REQUEST_SECRET')).update(value).digest('hex')
  const [sent] = await producer.send({
    topic: REQUESTED,
    acks: -1,
    messages: [{ key: request.meta.workflow_id, value, headers: { 'docket-signature': signature } }]
  })
  await producer.disconnect()

  const out = {
    client: `kafkajs ${require('kafkajs/package.json').version}`,
    registry_client: `@kafkajs/confluent-schema-registry ${require('@kafkajs/confluent-schema-registry/package.json').version}`,
    event_id: eventId,
    idempotency_key: key,
    schema_id: schemaId,
    partition: sent.partition,
    offset: Number(sent.baseOffset)
  }
  const consumer = kafka.consumer({ groupId: env('DOCKET_GROUP'), readUncommitted: false })
  await consumer.connect()
  await consumer.subscribe({ topics: [SUBMITTED, REJECTED, RECORDED], fromBeginning: true })
  let workflow = null
  const recorded = new Map()
  await new Promise((resolve, reject) => {
    // A consumer that stops for good (an error it does not retry, such as a
    // compression codec kafkajs lacks) ends the run at once.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) reject(payload.error)
    })
    const timer = setTimeout(() => {
      out.error = `no result for workflow ${workflow} within the timeout`
      resolve()
    }, 1000 * Number(process.env.DOCKET_TIMEOUT_S || '120'))
    consumer.run({
      autoCommit: false,
      eachMessage: async ({ topic, message }) => {
        if (out.recorded || out.rejected) return
        const event = await registry.decode(message.value)
        if (topic === SUBMITTED && event.meta.causation_id === eventId) {
          workflow = event.meta.workflow_id
          out.submitted = plain(event)
        } else if (topic === REJECTED && event.idempotency_key === key) {
          out.rejected = plain(event)
        } else if (topic === RECORDED) {
          recorded.set(event.meta.workflow_id, plain(event))
        }
        if (workflow !== null && recorded.has(workflow)) {
          out.workflow_id = workflow
          out.recorded = recorded.get(workflow)
        }
        if (out.recorded || out.rejected) {
          clearTimeout(timer)
          resolve()
        }
      }
    }).catch(reject)
  })
  await consumer.disconnect()
  console.log(JSON.stringify(out))
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
