package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
)

func TestUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no command", nil, 2, "no command"},
		{"unknown", []string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{"help", []string{"help"}, 0, "docket run"},
		{"help lists operator commands", []string{"--help"}, 0, "docket dlq discard ID --reason R"},
		{"help lists workflows", []string{"-h"}, 0, "docket workflows history ID"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Main(context.Background(), tt.args, &out, &errOut)
			if code != tt.code || !strings.Contains(out.String()+errOut.String(), tt.want) {
				t.Errorf("exit %d, output %q; want exit %d containing %q", code, out.String()+errOut.String(), tt.code, tt.want)
			}
		})
	}
}

func TestSchemasApplyAndList(t *testing.T) {
	url, _ := dockettest.Registry(t)
	var out, errOut bytes.Buffer
	if code := Main(context.Background(), []string{"admin", "schemas", "apply", "--registry", url}, &out, &errOut); code != 0 {
		t.Fatalf("apply: exit %d: %s", code, errOut.String())
	}
	subject := events.Subject(events.TopicSubmitted)
	if !strings.Contains(out.String(), subject) {
		t.Errorf("apply output lacks %s:\n%s", subject, out.String())
	}
	out.Reset()
	if code := Main(context.Background(), []string{"admin", "schemas", "list", "--registry", url}, &out, &errOut); code != 0 {
		t.Fatalf("list: exit %d: %s", code, errOut.String())
	}
	// document_submitted has two released versions, both registered.
	var versions int
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, subject+" ") {
			versions++
		}
	}
	if versions != 2 {
		t.Errorf("list shows %d versions of %s, want 2:\n%s", versions, subject, out.String())
	}
	// Applying again changes nothing and succeeds.
	if code := Main(context.Background(), []string{"admin", "schemas", "apply", "--registry", url}, &out, &errOut); code != 0 {
		t.Fatalf("second apply: exit %d: %s", code, errOut.String())
	}
}
