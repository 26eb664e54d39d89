package cli

import "testing"

// TestEmbeddedAddrs: the runner posts its samples to, and prints, the
// addresses its services listen on, as the environment moves them.
func TestEmbeddedAddrs(t *testing.T) {
	tests := []struct {
		name                      string
		env                       map[string]string
		ingest, tracker, operator string
	}{
		{"defaults", nil, "http://127.0.0.1:8080", "127.0.0.1:9090", "http://127.0.0.1:8084"},
		{"moved", map[string]string{"DOCKET_INGEST_ADDR": "127.0.0.1:28080", "DOCKET_SAGATRACKER_ADDR": "127.0.0.1:29090", "DOCKET_EXCEPTION_ADDR": "127.0.0.1:28084"},
			"http://127.0.0.1:28080", "127.0.0.1:29090", "http://127.0.0.1:28084"},
		{"every interface", map[string]string{"DOCKET_INGEST_ADDR": ":18080", "DOCKET_SAGATRACKER_ADDR": "0.0.0.0:19090", "DOCKET_EXCEPTION_ADDR": "[::]:18084"},
			"http://127.0.0.1:18080", "127.0.0.1:19090", "http://127.0.0.1:18084"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, k := range []string{"DOCKET_INGEST_ADDR", "DOCKET_SAGATRACKER_ADDR", "DOCKET_EXCEPTION_ADDR"} {
				t.Setenv(k, tt.env[k])
			}
			a := embeddedAddrs()
			if a.ingest != tt.ingest || a.tracker != tt.tracker || a.exception != tt.operator {
				t.Errorf("embeddedAddrs() = %+v, want ingest %s, tracker %s, exception %s", a, tt.ingest, tt.tracker, tt.operator)
			}
		})
	}
}
