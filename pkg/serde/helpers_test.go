package serde_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/sr"
	"github.com/twmb/franz-go/pkg/sr/srfake"

	"github.com/docket-run/docket/pkg/fault"
)

// newRegistry starts an in-memory schema registry served over TCP and
// returns it with a client.
func newRegistry(t testing.TB) (*srfake.Registry, *sr.Client) {
	t.Helper()
	reg := srfake.New()
	t.Cleanup(reg.Close)
	rc, err := sr.NewClient(sr.URLs(reg.URL()))
	if err != nil {
		t.Fatalf("registry client: %v", err)
	}
	return reg, rc
}

func testContext(t testing.TB) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// countRequests makes reg count the requests it serves, failing them all
// when fail is set.
func countRequests(reg *srfake.Registry, fail bool) *atomic.Int64 {
	var n atomic.Int64
	reg.Intercept(func(w http.ResponseWriter, _ *http.Request) bool {
		n.Add(1)
		if fail {
			http.Error(w, `{"error_code":50001,"message":"down"}`, http.StatusInternalServerError)
			return true
		}
		return false
	})
	return &n
}

// onPath makes reg answer requests whose path ends with suffix (and method
// matches) with the given status and JSON body.
func onPath(reg *srfake.Registry, method, suffix string, status int, body string) {
	reg.Intercept(func(w http.ResponseWriter, r *http.Request) bool {
		if r.Method != method || !strings.HasSuffix(r.URL.Path, suffix) {
			return false
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
		return true
	})
}

// wantErr fails unless err is of class c and wraps target.
func wantErr(t *testing.T, err error, c fault.Class, target error) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want a %s error wrapping %v", c, target)
	}
	if got := fault.ClassOf(err); got != c {
		t.Errorf("class of %q = %s, want %s", err, got, c)
	}
	if target != nil && !errors.Is(err, target) {
		t.Errorf("error %q does not wrap %v", err, target)
	}
}
