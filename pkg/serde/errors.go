package serde

import (
	"errors"
	"net/http"

	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/fault"
)

var (
	// ErrMalformed is wrapped by Decode errors for bytes that are not a
	// Docket record: too short, no magic byte, or not valid Avro for the
	// schema its id names. They are structural.
	ErrMalformed = errors.New("malformed record value")
	// ErrUnknownSchema is wrapped by errors for a schema id that the registry
	// does not know, or whose schema is not a Docket event. They are
	// structural.
	ErrUnknownSchema = errors.New("unknown schema")
	// ErrIncompatible is wrapped by errors for a schema that cannot be read
	// with, or registered beside, the current Docket schema of the same
	// event. They are structural.
	ErrIncompatible = errors.New("incompatible schema")
	// ErrNotRegistered is wrapped by New errors in Verify mode when a
	// schema is missing from its subject. They are structural.
	ErrNotRegistered = errors.New("schema not registered")
	// ErrUnknownTopic is wrapped by errors for a topic that has no Docket
	// schema (retry topics have none of their own) or that was not given to
	// New. They are structural.
	ErrUnknownTopic = errors.New("unknown topic")
)

// SubjectError is a problem with the schema of one registry subject.
type SubjectError struct {
	Subject string
	// Err is ErrNotRegistered, ErrIncompatible or the registry's error.
	Err error
	// Detail is what the registry said, if anything.
	Detail string
}

func (e *SubjectError) Error() string {
	msg := "schema for subject " + e.Subject
	switch {
	case errors.Is(e.Err, ErrNotRegistered):
		msg += " is not registered: run `docket admin schemas apply`"
	case errors.Is(e.Err, ErrIncompatible):
		msg += " is incompatible with the versions registered under it"
	default:
		msg += ": " + e.Err.Error()
	}
	if e.Detail != "" {
		msg += " (" + e.Detail + ")"
	}
	return msg
}

// Unwrap returns Err.
func (e *SubjectError) Unwrap() error { return e.Err }

// subjectErr classifies a registry failure on a subject.
func subjectErr(subject string, err error) error {
	if conflict(err) {
		var re *sr.ResponseError
		errors.As(err, &re)
		return fault.Wrap(fault.Structural, &SubjectError{Subject: subject, Err: ErrIncompatible, Detail: re.Message})
	}
	return fault.Wrap(registryClass(err), &SubjectError{Subject: subject, Err: err})
}

// registryClass tells a registry failure that may pass (the registry is
// down, slow or overloaded) from one that will not (a rejected request).
func registryClass(err error) fault.Class {
	var re *sr.ResponseError
	if !errors.As(err, &re) {
		return fault.Transient // network, timeout, cancellation
	}
	switch {
	case re.StatusCode >= 500, re.StatusCode == http.StatusRequestTimeout, re.StatusCode == http.StatusTooManyRequests:
		return fault.Transient
	default:
		return fault.Structural
	}
}

// notFound reports whether the registry answered 404: no such subject,
// version, schema or subject-level setting.
func notFound(err error) bool {
	var re *sr.ResponseError
	return errors.As(err, &re) && re.StatusCode == http.StatusNotFound
}

// conflict reports whether the registry answered 409: the schema is
// incompatible with the subject.
func conflict(err error) bool {
	var re *sr.ResponseError
	return errors.As(err, &re) && re.StatusCode == http.StatusConflict
}
