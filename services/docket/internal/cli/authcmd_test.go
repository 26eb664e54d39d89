package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/dockettest"
)

func TestAuthHashToken(t *testing.T) {
	keyFile := dockettest.SecretFile(t, "auth.key", strings.Repeat("k", 40)+"\n")
	var out, errOut bytes.Buffer
	if err := authHashToken([]string{"--key-file", keyFile}, strings.NewReader("acme-api-key-0001\n"), &out, &errOut); err != nil {
		t.Fatal(err)
	}
	key, err := auth.LoadKey(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.TrimSpace(out.String()), auth.HashToken(key, "acme-api-key-0001"); got != want {
		t.Fatalf("hash-token = %s, want %s", got, want)
	}
	if err := authHashToken([]string{"--key-file", keyFile, "acme-api-key-0001"}, strings.NewReader(""), &out, &errOut); err == nil {
		t.Error("a token on the command line was accepted")
	}
}
