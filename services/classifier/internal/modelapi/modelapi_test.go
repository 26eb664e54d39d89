package modelapi_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/classifier"
	"github.com/docket-run/docket/services/classifier/internal/modelapi"
	"github.com/docket-run/docket/services/classifier/models"
)

// auditLog records audit events, or fails every one.
type auditLog struct {
	fail   bool
	events []*events.AuditEvent
}

func (a *auditLog) Emit(_ context.Context, _ string, e events.Event) error {
	if a.fail {
		return errors.New("kafka: not enough replicas")
	}
	a.events = append(a.events, e.(*events.AuditEvent))
	return nil
}

// TestRefusals: who may call, and what a call that cannot be done answers
// — nothing of it audited; a change that cannot be audited fails.
func TestRefusals(t *testing.T) {
	ctx := context.Background()
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	reg := models.NewRegistry(rdb)
	base, err := reg.Seed(ctx, classifier.ModelJSON, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	principals, err := auth.Load(auth.Settings{Inline: "operator-token-0001=operator:olga,reviewer-token-0001=reviewer:rita,tenant-token-00001=tenant:acme"})
	if err != nil {
		t.Fatal(err)
	}
	log := &auditLog{}
	srv := httptest.NewServer((&modelapi.Server{Registry: reg, Examples: models.NewExamples(rdb), Audit: log, Auth: principals,
		Log: slog.New(slog.DiscardHandler), Now: time.Now}).Handler())
	t.Cleanup(srv.Close)
	for _, tc := range []struct {
		name, token, method, path, body string
		want                            int
	}{
		{"no token", "", "GET", "/v1/models", "", http.StatusUnauthorized},
		{"unknown token", "not-a-known-token-at-all", "GET", "/v1/models", "", http.StatusUnauthorized},
		{"reviewer lists", "reviewer-token-0001", "GET", "/v1/models", "", http.StatusForbidden},
		{"tenant promotes", "tenant-token-00001", "POST", "/v1/models/" + base + "/promote", "{}", http.StatusForbidden},
		{"not JSON", "operator-token-0001", "POST", "/v1/models/rollback", "", http.StatusUnsupportedMediaType},
		{"unknown field", "operator-token-0001", "POST", "/v1/models/rollback", `{"version":"x"}`, http.StatusBadRequest},
		{"nothing to roll back to", "operator-token-0001", "POST", "/v1/models/rollback", "{}", http.StatusConflict},
		{"unknown version", "operator-token-0001", "POST", "/v1/models/0123456789ab/promote", "{}", http.StatusNotFound},
		{"short version", "operator-token-0001", "PUT", "/v1/models/shadow", `{"version":"01"}`, http.StatusNotFound},
		{"operator lists", "operator-token-0001", "GET", "/v1/models", "", http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
			if tc.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			if tc.token != "" {
				req.Header.Set("Authorization", "Bearer "+tc.token)
			}
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.want)
			}
		})
	}
	if len(log.events) != 0 {
		t.Errorf("%d audit events for calls that changed nothing", len(log.events))
	}

	log.fail = true
	req, _ := http.NewRequest("PUT", srv.URL+"/v1/models/shadow", strings.NewReader(`{"version":"`+base+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer operator-token-0001")
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("shadow with the audit log down: status %d, want 503", resp.StatusCode)
	}
}
