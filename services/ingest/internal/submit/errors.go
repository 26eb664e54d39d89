package submit

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Reason codes, shared by the HTTP API (error.code) and
// docket.document.rejected (reason_code).
const (
	CodeInvalidRequest      = "invalid_request"
	CodeEmpty               = "empty_document"
	CodeTooLarge            = "too_large"
	CodeUnsupportedMedia    = "unsupported_media_type"
	CodeChecksumMismatch    = "checksum_mismatch"
	CodeBlobMissing         = "blob_missing"
	CodeQuotaExceeded       = "quota_exceeded"
	CodeUnauthorized        = "unauthorized"
	CodeForbidden           = "forbidden"
	CodeIdempotencyConflict = "idempotency_conflict"
	CodeNotFound            = "not_found"
	CodeUnavailable         = "unavailable"
	CodeTimeout             = "timeout"
	// CodeLoginThrottled is HTTP only: a client that failed to log in too
	// often is refused for a while.
	CodeLoginThrottled = "login_throttled"
)

// Error is a refusal of a submission: what the client did wrong (or, for
// CodeUnavailable, what failed on our side), with the HTTP status that says
// so.
type Error struct {
	Status     int
	Code       string
	Message    string
	RetryAfter time.Duration // for 429 and 503
	Err        error         // the cause, if any
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return e.Code + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// ReasonCode is the code for docket.document.rejected: the schema's
// vocabulary, where an empty document is an invalid request and a
// forbidden tenant is unauthorized.
func (e *Error) ReasonCode() string {
	switch e.Code {
	case CodeEmpty:
		return CodeInvalidRequest
	case CodeForbidden:
		return CodeUnauthorized
	}
	return e.Code
}

// Refusal helpers.
func invalid(format string, args ...any) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeInvalidRequest, Message: fmt.Sprintf(format, args...)}
}

// Errorf returns an Error with status and code.
func Errorf(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Unavailable wraps an infrastructure failure: the client may retry with
// the same idempotency key.
func Unavailable(msg string, err error) *Error {
	return &Error{Status: http.StatusServiceUnavailable, Code: CodeUnavailable, Message: msg, RetryAfter: time.Second, Err: err}
}

// AsError returns err as an *Error, if it is one.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
