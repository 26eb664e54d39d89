package cli

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// fakeException is the exception agent's operators' API at its boundary:
// the routes, JSON and error answers of services/exception/internal/server,
// over one parked item. It records every request.
type fakeException struct {
	mu   sync.Mutex
	reqs []string // "METHOD path?query body"
}

func (f *fakeException) handler() http.Handler {
	writeJSON := func(w http.ResponseWriter, status int, body string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body+"\n")
	}
	record := func(r *http.Request) []byte {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		defer f.mu.Unlock()
		f.reqs = append(f.reqs, strings.TrimSpace(r.Method+" "+r.URL.RequestURI()+" "+string(b)))
		return b
	}
	known := func(w http.ResponseWriter, r *http.Request) bool {
		if id := r.PathValue("id"); id != "p-1" {
			writeJSON(w, http.StatusNotFound, `{"error":"no parked item `+id+`"}`)
			return false
		}
		return true
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/parked", func(w http.ResponseWriter, r *http.Request) {
		record(r)
		if r.URL.Query().Get("service") == "down" {
			writeJSON(w, http.StatusServiceUnavailable, `{"error":"redis: connection refused"}`)
			return
		}
		writeJSON(w, http.StatusOK, `{"items":[{"id":"p-1","kind":"dead_letter","service":"ocr","workflow_id":"wf-7","reason":"structural failure: bad pdf","error_class":"structural","attempts":3,"source_topic":"docket.document.submitted","parked_at":"2026-11-29T10:00:00Z"},{"id":"p-2","kind":"review","service":"classifier","workflow_id":"wf-8","reason":"semantic","error_class":"semantic","attempts":1,"source_topic":"docket.document.extracted","parked_at":"2026-11-29T09:00:00.5Z"}]}`)
	})
	mux.HandleFunc("GET /v1/parked/{id}", func(w http.ResponseWriter, r *http.Request) {
		record(r)
		if !known(w, r) {
			return
		}
		writeJSON(w, http.StatusOK, `{"id":"p-1","kind":"dead_letter","service":"ocr","workflow_id":"wf-7","reason":"structural failure: bad pdf","parked_at":"2026-11-29T10:00:00Z","envelope":{"event_id":"e-7","workflow_id":"wf-7","tenant_id":"acme","service":"ocr","source_topic":"docket.document.submitted","source_partition":2,"source_offset":41,"original_key":"d2YtNw==","original_value":"AAE=","original_headers":[],"error_class":"structural","error_message":"pdf: no pages","attempts":3,"attempt_history":[{"at":"2026-11-29T09:59:00Z","error_class":"transient","error_message":"tesseract: timeout"},{"at":"2026-11-29T09:59:30Z","error_class":"structural","error_message":"pdf: no pages"}],"first_failure_at":"2026-11-29T09:59:00Z","last_failure_at":"2026-11-29T09:59:30Z"},"payload_type":"*events.DocumentSubmitted","payload":{"filename":"a.pdf","source":"http"}}`)
	})
	mux.HandleFunc("POST /v1/parked/{id}/replay", func(w http.ResponseWriter, r *http.Request) {
		record(r)
		if !known(w, r) {
			return
		}
		writeJSON(w, http.StatusOK, `{"id":"p-1","status":"replayed","topic":"docket.ocr.retry"}`)
	})
	mux.HandleFunc("POST /v1/parked/{id}/discard", func(w http.ResponseWriter, r *http.Request) {
		b := record(r)
		var req struct{ Reason, Actor string }
		if err := json.Unmarshal(b, &req); err != nil || strings.TrimSpace(req.Reason) == "" {
			writeJSON(w, http.StatusBadRequest, `{"error":"a reason is required to discard"}`)
			return
		}
		if !known(w, r) {
			return
		}
		writeJSON(w, http.StatusOK, `{"id":"p-1","status":"discarded"}`)
	})
	return mux
}

func TestDLQ(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   []string // lines the output must have
		stderr   string
		requests []string // exactly the requests the agent must have seen
	}{
		{
			name: "list table", args: []string{"dlq", "list", "--service", "ocr", "--workflow", "wf-7"},
			stdout: []string{
				"ID   KIND         SERVICE     WORKFLOW  CLASS       ATTEMPTS  PARKED                  REASON",
				"p-1  dead_letter  ocr         wf-7      structural  3         2026-11-29T10:00:00Z    structural failure: bad pdf",
				"p-2  review       classifier  wf-8      semantic    1         2026-11-29T09:00:00.5Z  semantic",
			},
			requests: []string{"GET /v1/parked?limit=100&service=ocr&workflow=wf-7"},
		},
		{
			name: "list json", args: []string{"dlq", "list", "--limit", "5", "-o", "json"},
			stdout:   []string{`  "items": [`, `      "id": "p-1",`, `      "parked_at": "2026-11-29T09:00:00.5Z"`},
			requests: []string{"GET /v1/parked?limit=5"},
		},
		{
			name: "list server error", args: []string{"dlq", "list", "--service", "down"}, code: 1,
			stderr:   "dlq list: exception agent: redis: connection refused (HTTP 503)",
			requests: []string{"GET /v1/parked?limit=100&service=down"},
		},
		{
			name: "show", args: []string{"dlq", "show", "p-1"},
			stdout: []string{
				"ID:        p-1",
				"Workflow:  wf-7",
				"Tenant:    acme",
				"Source:    docket.document.submitted/2@41",
				"Error:     structural: pdf: no pages",
				"Attempts:  3 (first failure 2026-11-29T09:59:00Z, last 2026-11-29T09:59:30Z)",
				"2026-11-29T09:59:00Z  transient   tesseract: timeout",
				"Payload (*events.DocumentSubmitted):",
				`  "filename": "a.pdf",`,
			},
			requests: []string{"GET /v1/parked/p-1"},
		},
		{
			name: "show json", args: []string{"dlq", "show", "-o", "json", "p-1"},
			stdout:   []string{`  "id": "p-1",`, `    "source_offset": 41,`},
			requests: []string{"GET /v1/parked/p-1"},
		},
		{
			name: "show unknown", args: []string{"dlq", "show", "p-9"}, code: 1,
			stderr:   "dlq show p-9: exception agent: no parked item p-9 (HTTP 404)",
			requests: []string{"GET /v1/parked/p-9"},
		},
		{
			name: "replay", args: []string{"dlq", "replay", "p-1", "--actor", "ana"},
			stdout:   []string{"replayed p-1 to docket.ocr.retry"},
			requests: []string{`POST /v1/parked/p-1/replay {"actor":"ana","reason":""}`},
		},
		{
			name: "replay with reason, json", args: []string{"dlq", "replay", "p-1", "--actor", "ana", "--reason", "fixed the pdf", "-o", "json"},
			stdout:   []string{`  "status": "replayed",`},
			requests: []string{`POST /v1/parked/p-1/replay {"actor":"ana","reason":"fixed the pdf"}`},
		},
		{
			name: "discard", args: []string{"dlq", "discard", "p-1", "--reason", "duplicate upload", "--actor", "ana"},
			stdout:   []string{"discarded p-1"},
			requests: []string{`POST /v1/parked/p-1/discard {"actor":"ana","reason":"duplicate upload"}`},
		},
		{
			name: "discard unknown", args: []string{"dlq", "discard", "p-9", "--reason", "x", "--actor", "ana"}, code: 1,
			stderr:   "dlq discard p-9: exception agent: no parked item p-9 (HTTP 404)",
			requests: []string{`POST /v1/parked/p-9/discard {"actor":"ana","reason":"x"}`},
		},
		{name: "discard without reason", args: []string{"dlq", "discard", "p-1"}, code: 2, stderr: "dlq discard needs --reason"},
		{name: "discard blank reason", args: []string{"dlq", "discard", "p-1", "--reason", "  "}, code: 2, stderr: "dlq discard needs --reason"},
		{name: "show without id", args: []string{"dlq", "show"}, code: 2, stderr: "dlq show takes exactly one ID"},
		{name: "list with argument", args: []string{"dlq", "list", "p-1"}, code: 2, stderr: "dlq list takes no arguments"},
		{name: "bad limit", args: []string{"dlq", "list", "--limit", "5000"}, code: 2, stderr: "--limit 5000: want 1..1000"},
		{name: "no subcommand", args: []string{"dlq"}, code: 2, stderr: "dlq needs a command"},
		{name: "unknown subcommand", args: []string{"dlq", "purge"}, code: 2, stderr: `unknown command "dlq purge"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeException{}
			srv := httptest.NewServer(f.handler())
			defer srv.Close()
			t.Setenv("DOCKET_EXCEPTION_ADDR", strings.TrimPrefix(srv.URL, "http://"))
			code, out, errOut := runCLI(t, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stdout %q stderr %q", code, tt.code, out, errOut)
			}
			for _, l := range tt.stdout {
				if !strings.Contains(out, l+"\n") {
					t.Errorf("stdout lacks line %q:\n%s", l, out)
				}
			}
			if !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr %q lacks %q", errOut, tt.stderr)
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			if strings.Join(f.reqs, "\n") != strings.Join(tt.requests, "\n") {
				t.Errorf("requests %q, want %q", f.reqs, tt.requests)
			}
		})
	}
}

// TestDLQAddress checks --exception over the environment, with a URL.
func TestDLQAddress(t *testing.T) {
	f := &fakeException{}
	srv := httptest.NewServer(f.handler())
	defer srv.Close()
	t.Setenv("DOCKET_EXCEPTION_ADDR", closedAddr(t))
	code, out, errOut := runCLI(t, "dlq", "replay", "p-1", "--actor", "ana", "--exception", srv.URL+"/")
	if code != 0 || out != "replayed p-1 to docket.ocr.retry\n" {
		t.Fatalf("exit %d, stdout %q stderr %q", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "dlq", "list", "--timeout", "5s")
	if code != 1 || !strings.Contains(errOut, "dlq list: exception agent: ") || !strings.Contains(errOut, "connection refused") {
		t.Errorf("unreachable agent: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "dlq", "list", "--exception", "ftp://x")
	if code != 2 || !strings.Contains(errOut, `--exception "ftp://x"`) {
		t.Errorf("bad address: exit %d, stderr %q", code, errOut)
	}
}

// TestDLQToken: every dlq command sends --token (default
// $DOCKET_EXCEPTION_TOKEN) as its bearer token, and none without one.
func TestDLQToken(t *testing.T) {
	var mu sync.Mutex
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.Header.Get("Authorization"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"items":[]}`)
	}))
	defer srv.Close()
	tests := []struct {
		name string
		env  string
		args []string
		want string
	}{
		{"flag", "", []string{"--token", "flag-token-0123456789"}, "Bearer flag-token-0123456789"},
		{"environment", "env-token-0123456789", nil, "Bearer env-token-0123456789"},
		{"none", "", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("DOCKET_EXCEPTION_TOKEN", tt.env)
			mu.Lock()
			got = nil
			mu.Unlock()
			args := append([]string{"dlq", "list", "--exception", srv.URL}, tt.args...)
			if code, _, errOut := runCLI(t, args...); code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(got) != 1 || got[0] != tt.want {
				t.Errorf("Authorization %q, want [%q]", got, tt.want)
			}
		})
	}
}

// TestDLQShowHexPreview: a parked payload that does not decode (a poison
// record) is shown as a hex dump of its first bytes, not only its length.
func TestDLQShowHexPreview(t *testing.T) {
	raw := append([]byte{0x00, 0x00, 0x00, 0x00, 0x2a}, []byte("not avro at all, just text that came in one !\x00\x00")...)
	long := make([]byte, 300)
	for i := range long {
		long[i] = byte(i)
	}
	for _, tt := range []struct {
		name  string
		value []byte
		want  []string
	}{
		{"short", raw, []string{
			"Payload: 52 bytes, not decoded: registry: schema 42 not found\n",
			"00000000  00 00 00 00 2a 6e 6f 74  20 61 76 72 6f 20 61 74  |....*not avro at|\n",
			"00000030  20 21 00 00                                       | !..|\n",
		}},
		{"long", long, []string{
			"Payload: 300 bytes, not decoded: registry: schema 42 not found\n",
			"000000f0  f0 f1 f2 f3 f4 f5 f6 f7  f8 f9 fa fb fc fd fe ff  |................|\n",
			"… 44 more bytes (-o json has them all, base64 in payload_raw)\n",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// The exception agent's answer for a payload it could not decode.
			body, err := json.Marshal(map[string]any{"id": "p-9", "kind": "poison", "service": "ocr", "reason": "poison record",
				"envelope":    map[string]any{"event_id": "e-9", "error_class": "structural", "error_message": "structural: decode: unknown schema id 42", "original_value": tt.value},
				"payload_raw": tt.value, "payload_error": "registry: schema 42 not found"})
			if err != nil {
				t.Fatal(err)
			}
			var d parkedDetail
			if err := json.Unmarshal(body, &d); err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			if err := parkedView(&out, &d); err != nil {
				t.Fatal(err)
			}
			t.Logf("dlq show:\n%s", out.String())
			for _, line := range tt.want {
				if !strings.Contains(out.String(), line) {
					t.Errorf("output lacks %q:\n%s", line, out.String())
				}
			}
			if !strings.Contains(out.String(), "Error:     structural: decode: unknown schema id 42\n") {
				t.Errorf("the error repeats its class or is missing:\n%s", out.String())
			}
		})
	}
}
