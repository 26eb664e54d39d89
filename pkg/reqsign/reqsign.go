// Package reqsign signs and verifies submission requests produced to
// docket.document.requested. Anyone with WRITE on that topic can put any
// tenant in meta.tenant_id; the signature binds the record to a secret
// only the tenant and Docket hold, so ingest knows whose request it is.
//
// The signature is the record header HeaderName with the value
// "v1=<hex HMAC-SHA256(secret, value)>", value being the record's value
// exactly as produced (the Confluent wire format: magic byte, schema id,
// Avro body). It covers every field of the request — tenant, document
// hash, idempotency key, callback URL — and nothing of the transport, so
// a record keeps verifying when the exception agent replays it.
//
// Any Kafka client can sign:
//
//	sig = "v1=" + hmac.new(secret, value, hashlib.sha256).hexdigest()
//
// A signed record can be produced again by whoever can write the topic
// and saw it (only ingest reads the topic): it names the same idempotency
// key, so it starts no second workflow.
package reqsign

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
)

// HeaderName is the record header that carries the signature.
const HeaderName = "docket-signature"

const version = "v1="

// Errors of Verify, both unauthorized.
var (
	ErrMissing = errors.New("request not signed: add the " + HeaderName + " header, v1=<hex HMAC-SHA256 of the record value under the tenant's request secret>")
	ErrInvalid = errors.New("request signature does not verify under the tenant's request secrets")
)

// Sign returns the header value that signs value with secret.
func Sign(secret string, value []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(value)
	return version + hex.EncodeToString(m.Sum(nil))
}

// Verify checks the header value sig against value under each of secrets
// (two during a rotation): nil when one of them signed it.
func Verify(secrets []string, value []byte, sig string) error {
	if sig == "" {
		return ErrMissing
	}
	rest, ok := strings.CutPrefix(sig, version)
	if !ok {
		return ErrInvalid
	}
	got, err := hex.DecodeString(rest)
	if err != nil || len(got) != sha256.Size {
		return ErrInvalid
	}
	for _, s := range secrets {
		if s == "" {
			continue
		}
		m := hmac.New(sha256.New, []byte(s))
		m.Write(value)
		if hmac.Equal(m.Sum(nil), got) {
			return nil
		}
	}
	return ErrInvalid
}
