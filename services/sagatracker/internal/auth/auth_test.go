package auth

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

func TestLoad(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tokens.json")
	if err := os.WriteFile(file, []byte(`{"acme-token-0123456789": "tenant:acme", "ops-token-0123456789ab": "operator"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	tok, err := Load(file, "beta-token-0123456789=tenant:beta")
	if err != nil {
		t.Fatal(err)
	}
	for token, want := range map[string]Principal{
		"acme-token-0123456789":  {Role: RoleTenant, Tenant: "acme"},
		"ops-token-0123456789ab": {Role: RoleOperator},
		"beta-token-0123456789":  {Role: RoleTenant, Tenant: "beta"},
	} {
		if got, ok := tok.Authenticate(token); !ok || got != want {
			t.Errorf("token %s: %+v %v, want %+v", token, got, ok, want)
		}
	}
	if _, ok := tok.Authenticate("acme-token-012345678"); ok {
		t.Error("a prefix of a token authenticated")
	}
	if tok, err := Load("", " "); tok != nil || err != nil {
		t.Errorf("no tokens: %v %v, want nil, nil (auth off)", tok, err)
	}
	for _, bad := range []string{"short=operator", "long-enough-token-123=admin", "long-enough-token-123=tenant:", "no-principal-token-123"} {
		if _, err := Load("", bad); err == nil {
			t.Errorf("inline %q: want an error", bad)
		}
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.json"), ""); err == nil || !strings.Contains(err.Error(), "tokens file") {
		t.Errorf("missing file: %v", err)
	}
}

func TestInterceptor(t *testing.T) {
	tok, err := Load("", "acme-token-0123456789=tenant:acme")
	if err != nil {
		t.Fatal(err)
	}
	call := func(t *Tokens, method string, md metadata.MD) (Principal, bool, codes.Code) {
		ctx := metadata.NewIncomingContext(context.Background(), md)
		var p Principal
		var ok bool
		_, err := t.UnaryInterceptor()(ctx, nil, &grpc.UnaryServerInfo{FullMethod: method}, func(ctx context.Context, _ any) (any, error) {
			p, ok = FromContext(ctx)
			return nil, nil
		})
		return p, ok, status.Code(err)
	}
	const get = "/docket.tracker.v1.Tracker/GetWorkflow"
	cases := []struct {
		name   string
		tokens *Tokens
		method string
		md     metadata.MD
		want   Principal
		ok     bool
		code   codes.Code
	}{
		{"valid token", tok, get, metadata.Pairs("authorization", "Bearer acme-token-0123456789"), Principal{Role: RoleTenant, Tenant: "acme"}, true, codes.OK},
		{"no token", tok, get, nil, Principal{}, false, codes.Unauthenticated},
		{"unknown token", tok, get, metadata.Pairs("authorization", "Bearer nope-nope-nope-nope"), Principal{}, false, codes.Unauthenticated},
		{"not bearer", tok, get, metadata.Pairs("authorization", "Basic YWNtZTp4"), Principal{}, false, codes.Unauthenticated},
		{"health needs none", tok, "/grpc.health.v1.Health/Check", nil, Principal{}, false, codes.OK},
		{"reflection needs none", tok, "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo", nil, Principal{}, false, codes.OK},
		{"auth off: operator", nil, get, nil, Anonymous, true, codes.OK},
	}
	for _, c := range cases {
		p, ok, code := call(c.tokens, c.method, c.md)
		if p != c.want || ok != c.ok || code != c.code {
			t.Errorf("%s: %+v %v %v, want %+v %v %v", c.name, p, ok, code, c.want, c.ok, c.code)
		}
	}
}
