package llm

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

var types = []string{"invoice", "receipt", "contract", "other"}

// server speaks the chat completions API: it checks the request and
// answers with content (or status).
func server(t *testing.T, status int, content string) (*httptest.Server, *request) {
	t.Helper()
	var got request
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		if r.Header.Get("Authorization") != "Bearer sk-test" || r.Header.Get("Content-Type") != "application/json" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &got); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if status != http.StatusOK {
			http.Error(w, "boom", status)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "model": got.Model,
			"choices": []map[string]any{{"index": 0, "finish_reason": "stop", "message": map[string]string{"role": "assistant", "content": content}}},
		})
	}))
	t.Cleanup(srv.Close)
	return srv, &got
}

func TestClassify(t *testing.T) {
	srv, req := server(t, http.StatusOK, "```json\n"+`{"type":"invoice","confidence":0.91,"alternatives":[{"type":"receipt","score":0.06},{"type":"passport","score":0.02},{"type":"invoice","score":0.5}],"rationale":"Has an invoice number and a due date."}`+"\n```")
	c, err := New(Config{URL: srv.URL + "/v1", Model: "gpt-test", APIKey: "sk-test", Types: types})
	if err != nil {
		t.Fatal(err)
	}
	long := "INVOICE " + strings.Repeat("x", 20<<10)
	p, err := c.Classify(context.Background(), long)
	if err != nil {
		t.Fatal(err)
	}
	want := []events.Candidate{{Type: "invoice", Score: 0.91}, {Type: "receipt", Score: 0.06}}
	if !reflect.DeepEqual(p.Candidates, want) {
		t.Errorf("candidates = %+v, want %+v", p.Candidates, want)
	}
	if p.Context["llm.rationale"] != "Has an invoice number and a due date." || p.Context["llm.model"] != "gpt-test" {
		t.Errorf("context = %v", p.Context)
	}
	if req.Model != "gpt-test" || len(req.Messages) != 2 || req.Messages[0].Role != "system" || req.ResponseFormat["type"] != "json_object" || req.Temperature != 0 {
		t.Errorf("request = %+v", req)
	}
	if n := len(req.Messages[1].Content); n != maxPromptText {
		t.Errorf("sent %d bytes of text, want the %d-byte cap", n, maxPromptText)
	}
	if !strings.Contains(req.Messages[0].Content, "invoice, receipt, contract, other") {
		t.Errorf("prompt does not list the types: %q", req.Messages[0].Content)
	}
	if c.Model() != (events.Model{Name: "llm:gpt-test", Version: "gpt-test/p1"}) {
		t.Errorf("model = %+v", c.Model())
	}
}

func TestClassifyFailures(t *testing.T) {
	tests := []struct {
		name    string
		status  int
		content string
		key     string
		want    fault.Class
	}{
		{"rate limited", http.StatusTooManyRequests, "", "sk-test", fault.Transient},
		{"server error", http.StatusBadGateway, "", "sk-test", fault.Transient},
		{"bad key", http.StatusOK, "", "wrong", fault.Structural},
		{"not json", http.StatusOK, "I think it is an invoice.", "sk-test", fault.Semantic},
		{"unknown type", http.StatusOK, `{"type":"passport","confidence":0.9}`, "sk-test", fault.Semantic},
		{"confidence out of range", http.StatusOK, `{"type":"invoice","confidence":1.7}`, "sk-test", fault.Semantic},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := server(t, tt.status, tt.content)
			c, err := New(Config{URL: srv.URL + "/v1/chat/completions", Model: "gpt-test", APIKey: tt.key, Types: types})
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Classify(context.Background(), "some text")
			if err == nil || fault.ClassOf(err) != tt.want {
				t.Errorf("err = %v (class %s), want class %s", err, fault.ClassOf(err), tt.want)
			}
		})
	}
	// A closed endpoint is transient.
	srv, _ := server(t, http.StatusOK, "")
	c, _ := New(Config{URL: srv.URL, Model: "m", Types: types})
	srv.Close()
	if _, err := c.Classify(context.Background(), "x"); fault.ClassOf(err) != fault.Transient {
		t.Errorf("unreachable endpoint: %v, want transient", err)
	}
}

func TestNewValidates(t *testing.T) {
	if _, err := New(Config{}); err == nil || !strings.Contains(err.Error(), "URL is required") || !strings.Contains(err.Error(), "model is required") {
		t.Errorf("New(empty) = %v, want every missing field reported", err)
	}
}
