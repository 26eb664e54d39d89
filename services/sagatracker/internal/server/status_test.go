package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestCallerGoneIsNoFailure: a read cut short because its caller went
// away (a watch closed, a request abandoned) answers Canceled and logs
// no warning (found from outside: every closed events stream logged
// "tracker read failed … context canceled"); a real failure still does.
func TestCallerGoneIsNoFailure(t *testing.T) {
	var logs bytes.Buffer
	s := New(nil, slog.New(slog.NewTextHandler(&logs, nil)))
	err := s.status(fmt.Errorf("transient: keep the change stream written: %w", context.Canceled))
	if status.Code(err) != codes.Canceled || logs.Len() != 0 {
		t.Errorf("canceled read: %v, logged %q; want Canceled and no log", err, logs.String())
	}
	err = s.status(errors.New("redis: connection refused"))
	if status.Code(err) != codes.Unavailable || !bytes.Contains(logs.Bytes(), []byte("tracker read failed")) {
		t.Errorf("failed read: %v, logged %q; want Unavailable and a warning", err, logs.String())
	}
}
