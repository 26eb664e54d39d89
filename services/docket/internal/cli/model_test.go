package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestModelCommands runs docket model against the classifier's model API
// at its boundary (the routes and JSON of
// services/classifier/internal/modelapi): the retrain report prints both
// evaluations and the decision, the other commands send what they should,
// and a refusal (a token without the operator role) is the command's error.
func TestModelCommands(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = append(got, strings.TrimSpace(r.Method+" "+r.URL.Path+" "+string(b)))
		w.Header().Set("Content-Type", "application/json")
		if r.Header.Get("Authorization") != "Bearer operator-token" {
			w.WriteHeader(http.StatusForbidden)
			_, _ = io.WriteString(w, `{"error":"the model API needs the operator role (caller rita (reviewer))"}`)
			return
		}
		switch r.URL.Path {
		case "/v1/models/retrain":
			if strings.Contains(string(b), "nothing new") {
				_, _ = io.WriteString(w, `{"candidate":"9b3d9199334f4f08","current":"9b3d9199334f4f08","candidate_eval":{"docs":177,"correct":114,"auto_errors":2},"current_eval":{"docs":177,"correct":114,"auto_errors":2},"better":false,"decision":"refused"}`)
				return
			}
			_, _ = io.WriteString(w, `{"candidate":"75d31dc74377f34e","current":"9b3d9199334f4f08","candidate_eval":{"docs":177,"correct":177,"auto_errors":0},"current_eval":{"docs":177,"correct":114,"auto_errors":2},"examples":3,"skipped_examples":1,"candidate_on_examples":{"docs":3,"correct":3},"current_on_examples":{"docs":3,"correct":0},"better":true,"decision":"shadow"}`)
		case "/v1/models":
			_, _ = io.WriteString(w, `{"active":"9b3d9199334f4f08","shadow":"75d31dc74377f34e","previous":["aaaaaaaaaaaaaaaa"],"versions":[{"version":"aaaaaaaaaaaaaaaa","source":"builtin","added_at":"2026-12-01T10:00:00Z"},{"version":"9b3d9199334f4f08","source":"retrain","added_at":"2026-12-01T11:00:00Z","examples":2,"eval":{"docs":177,"correct":114,"auto_errors":2}},{"version":"75d31dc74377f34e","source":"retrain","added_at":"2026-12-01T12:00:00Z","examples":3,"eval":{"docs":177,"correct":177,"auto_errors":0}}],"examples":4}`)
		default:
			_, _ = io.WriteString(w, `{"active":"75d31dc74377f34e","was":"9b3d9199334f4f08"}`)
		}
	}))
	t.Cleanup(srv.Close)
	for _, tc := range []struct {
		name    string
		args    []string
		code    int
		stdout  []string
		request string
	}{
		{"retrain", []string{"model", "retrain", "--shadow", "--reason", "weekly"}, 0,
			[]string{"current 9b3d9199334f:    accuracy 0.6441  auto-recorded errors 2", "candidate 75d31dc74377:  accuracy 1.0000  auto-recorded errors 0", "decision:                shadow (the candidate beats the current model)", "on the examples:         current 0/3 right, candidate 3/3"},
			`POST /v1/models/retrain {"force":false,"reason":"weekly","shadow":true}`},
		{"refused retrain exits 3", []string{"model", "retrain", "--reason", "nothing new"}, 3, []string{"decision:                refused"},
			`POST /v1/models/retrain {"force":false,"reason":"nothing new","shadow":false}`},
		{"refused retrain exits 3 in JSON too", []string{"model", "retrain", "--reason", "nothing new", "-o", "json"}, 3, []string{`"decision": "refused"`},
			`POST /v1/models/retrain {"force":false,"reason":"nothing new","shadow":false}`},
		{"list", []string{"model", "list"}, 0, []string{"9b3d9199334f  active", "75d31dc74377  shadow", "aaaaaaaaaaaa  previous 1", "4 labelled examples"}, "GET /v1/models"},
		{"promote", []string{"model", "promote", "75d31dc7"}, 0, []string{"active 75d31dc74377 (was 9b3d9199334f), shadow -"}, `POST /v1/models/75d31dc7/promote {"reason":""}`},
		{"rollback", []string{"model", "rollback", "--reason", "bad"}, 0, nil, `POST /v1/models/rollback {"reason":"bad"}`},
		{"shadow clear", []string{"model", "shadow", "--clear"}, 0, []string{"shadow - (was 9b3d9199334f), active 75d31dc74377"}, `PUT /v1/models/shadow {"reason":"","version":""}`},
		{"not an operator", []string{"model", "rollback", "--token", "reviewer-token"}, 1, nil, `POST /v1/models/rollback {"reason":""}`},
		{"promote needs a version", []string{"model", "promote"}, 2, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got = nil
			t.Setenv("DOCKET_CLASSIFIER_OPS_ADDR", srv.URL)
			t.Setenv("DOCKET_CLASSIFIER_TOKEN", "operator-token")
			var stdout, stderr bytes.Buffer
			if code := Main(context.Background(), tc.args, &stdout, &stderr); code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tc.code, stderr.String())
			}
			for _, want := range tc.stdout {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
				}
			}
			if tc.name == "not an operator" && !strings.Contains(stderr.String(), "needs the operator role") {
				t.Errorf("stderr = %q, want the refusal", stderr.String())
			}
			if req := strings.Join(got, "\n"); req != tc.request {
				t.Errorf("request = %q, want %q", req, tc.request)
			}
		})
	}
}
