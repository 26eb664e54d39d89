package cli

import "testing"

// TestSuiteAddrs checks that the runner submits its samples to, and prints,
// the addresses the services listen on, moved ones included.
func TestSuiteAddrs(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want suiteAddrs
	}{
		{
			name: "defaults",
			want: suiteAddrs{ingestURL: "http://127.0.0.1:8080", tracker: "127.0.0.1:9090", exception: "127.0.0.1:8084"},
		},
		{
			name: "moved",
			env: map[string]string{
				"DOCKET_INGEST_ADDR":      "127.0.0.1:28080",
				"DOCKET_SAGATRACKER_ADDR": "127.0.0.1:29090",
				"DOCKET_EXCEPTION_ADDR":   "127.0.0.1:28084",
			},
			want: suiteAddrs{ingestURL: "http://127.0.0.1:28080", tracker: "127.0.0.1:29090", exception: "127.0.0.1:28084"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, k := range []string{"DOCKET_INGEST_ADDR", "DOCKET_SAGATRACKER_ADDR", "DOCKET_EXCEPTION_ADDR"} {
				t.Setenv(k, tt.env[k])
			}
			if got := addrsFromEnv(); got != tt.want {
				t.Errorf("addrsFromEnv() = %+v, want %+v", got, tt.want)
			}
		})
	}
}
