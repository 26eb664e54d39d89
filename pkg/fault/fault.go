// Package fault classifies failures so the processing runtime can decide what
// to do with them: retry a transient failure, dead-letter a structural one,
// send a semantic one to human review.
package fault

import (
	"errors"
	"fmt"
	"strings"
)

// Class is the kind of a failure.
type Class string

const (
	// Transient failures may succeed when tried again later: a timeout, a
	// dependency that is down, a lost lease. They are retried with backoff.
	Transient Class = "transient"
	// Structural failures will fail again however often they are tried:
	// undecodable bytes, an unknown schema, invalid input, a missing binary.
	// They are dead-lettered and parked for a human.
	Structural Class = "structural"
	// Semantic failures come from valid input whose result cannot be trusted.
	// They go to human review.
	Semantic Class = "semantic"
)

// Error is an error with a failure class.
type Error struct {
	Class Class
	Err   error
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %v", e.Class, e.Err) }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Wrap returns err classified as c. It returns nil for a nil err.
func Wrap(c Class, err error) error {
	if err == nil {
		return nil
	}
	return &Error{Class: c, Err: err}
}

// Transientf formats a transient error; %w is honoured.
func Transientf(format string, args ...any) error {
	return &Error{Class: Transient, Err: fmt.Errorf(format, args...)}
}

// Structuralf formats a structural error; %w is honoured.
func Structuralf(format string, args ...any) error {
	return &Error{Class: Structural, Err: fmt.Errorf(format, args...)}
}

// Semanticf formats a semantic error; %w is honoured.
func Semanticf(format string, args ...any) error {
	return &Error{Class: Semantic, Err: fmt.Errorf(format, args...)}
}

// TrimClass returns msg without the "<class>: " markers that Error puts
// before a classified error's message — leading (repeated when an error
// was wrapped twice) or after a ": " where a classified error was wrapped
// with more context — for a message shown beside its class: a dead
// letter's, which carries its class in a field of its own.
func TrimClass(msg string) string {
	for {
		trimmed := msg
		for _, c := range []Class{Transient, Structural, Semantic} {
			trimmed = strings.TrimPrefix(trimmed, string(c)+": ")
			trimmed = strings.ReplaceAll(trimmed, ": "+string(c)+": ", ": ")
		}
		if trimmed == msg {
			return msg
		}
		msg = trimmed
	}
}

// ClassOf returns the class of err: the outermost classified error in its
// chain wins. Anything unclassified (a timeout, a dropped connection, a bug)
// is treated as transient, so that an unexpected error is retried a bounded
// number of times and then dead-lettered rather than dropped.
func ClassOf(err error) Class {
	var fe *Error
	if errors.As(err, &fe) {
		return fe.Class
	}
	return Transient
}

// IsTransient reports whether err should be retried.
func IsTransient(err error) bool { return err != nil && ClassOf(err) == Transient }

// Unavailable classifies err as a transient failure that is not the
// record's: the infrastructure every record needs unavailable (the
// idempotency store unreachable, loading its data after a restart, failing
// over), or the record's side effect held under another owner's lease. The
// processing runtime never dead-letters a record for it: once
// its in-process retries are spent it aborts the batch, which is consumed
// again after a pause, so an outage delays records and loses none (the
// exception agent's own dead letters have no one to drain them). It
// returns nil for a nil err.
func Unavailable(err error) error {
	if err == nil {
		return nil
	}
	return &Error{Class: Transient, Err: &unavailable{err}}
}

// IsUnavailable reports whether err's chain holds a failure classified by
// Unavailable.
func IsUnavailable(err error) bool {
	var u *unavailable
	return errors.As(err, &u)
}

type unavailable struct{ err error }

func (u *unavailable) Error() string { return u.err.Error() }
func (u *unavailable) Unwrap() error { return u.err }
