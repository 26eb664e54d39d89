package app

import (
	"strings"
	"testing"
)

// TestLoadConfigReportsEveryBadVariable sets values that cannot be parsed
// beside values that parse but are invalid: every one is named, by its
// environment variable, in one error.
func TestLoadConfigReportsEveryBadVariable(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want []string
	}{
		{
			name: "unparsable and invalid",
			env: map[string]string{
				"DOCKET_INGEST_MAX_BYTES": "50MB", "DOCKET_INGEST_PUBLISH_TIMEOUT": "10",
				"DOCKET_INGEST_PUBLIC_URL": "nope", "DOCKET_TRACKER_TIMEOUT": "5",
			},
			want: []string{`DOCKET_INGEST_MAX_BYTES "50MB"`, `DOCKET_INGEST_PUBLISH_TIMEOUT "10"`, "DOCKET_INGEST_PUBLIC_URL", `DOCKET_TRACKER_TIMEOUT "5"`},
		},
		{
			name: "invalid only",
			env:  map[string]string{"DOCKET_INGEST_MAX_BYTES": "0", "DOCKET_INGEST_ADDR": "nope", "DOCKET_INGEST_CALLBACK_ALLOW_NETS": "10.0.0.0/8,127.0.0.1"},
			want: []string{"DOCKET_INGEST_MAX_BYTES: 0", "DOCKET_INGEST_ADDR", `DOCKET_INGEST_CALLBACK_ALLOW_NETS: "127.0.0.1" is not a CIDR prefix`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			_, err := LoadConfig()
			if err == nil {
				t.Fatal("LoadConfig accepted bad settings")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not name %s:\n%v", w, err)
				}
			}
		})
	}
}
