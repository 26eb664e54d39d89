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
		// Found from outside: a group's help was "unknown command".
		{"a group's help", []string{"admin", "acls", "--help"}, 0, "docket admin acls apply [--principal-prefix"},
		{"help of no command", []string{"frobnicate", "--help"}, 2, `unknown command "frobnicate --help"`},
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

// TestCommandUsage: a usage error of correct or erase, and --help, print
// the command's own usage (its synopsis and flags), not the global one;
// a usage error exits 2, --help 0.
func TestCommandUsage(t *testing.T) {
	for _, c := range []struct {
		name     string
		args     []string
		code     int
		contains []string
	}{
		{"empty reason", []string{"correct", "--workflow", "wf-1", "--type", "memo", "--reason", ""}, 2,
			[]string{"docket: usage: correct needs --reason\n", "usage: docket correct --workflow ID --type T", "-request-id"}},
		{"erase without reason", []string{"erase", "--workflow", "wf-1", "--reason", ""}, 2,
			[]string{"docket: usage: erase needs --reason\n", "usage: docket erase --workflow ID --reason R", "-workflow"}},
		{"unknown flag", []string{"erase", "--bogus"}, 2,
			[]string{"docket: usage: flag provided but not defined: -bogus\n", "usage: docket erase"}},
		{"help", []string{"correct", "--help"}, 0, []string{"usage: docket correct", "-outcome"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, c.args...)
			if code != c.code || out != "" {
				t.Fatalf("exit %d, stdout %q; want %d and nothing", code, out, c.code)
			}
			for _, want := range c.contains {
				if !strings.Contains(errOut, want) {
					t.Errorf("stderr %q lacks %q", errOut, want)
				}
			}
			if strings.Contains(errOut, "Usage:") || strings.Contains(errOut, "long-running document workflows") {
				t.Errorf("stderr holds the global usage:\n%s", errOut)
			}
			if n := strings.Count(errOut, "\n"); n > 40 {
				t.Errorf("stderr is %d lines", n)
			}
		})
	}
}

// TestUsageErrorsShowTheirCommand: a command's --help shows its flags
// alone, and a usage error the command's lines of the usage, not the
// whole of it (found from outside: a missing flag's message was lost
// above a hundred lines).
func TestUsageErrorsShowTheirCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Main(context.Background(), []string{"submit", "--help"}, &out, &errOut); code != 0 ||
		!strings.Contains(errOut.String(), "-wait") || strings.Contains(out.String()+errOut.String(), "docket review claim") {
		t.Errorf("submit --help: exit %d, %q%q; want its flags alone", code, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	code := Main(context.Background(), []string{"dlq", "discard", "X"}, &out, &errOut)
	if got := errOut.String(); code != 2 || !strings.Contains(got, "dlq discard needs --reason") || !strings.Contains(got, "docket dlq discard ID --reason R") ||
		strings.Contains(got, "docket review claim") || strings.Count(got, "\n") > 15 {
		t.Errorf("dlq discard without a reason: exit %d, %q; want the message and the dlq lines of the usage", code, got)
	}
}
