// Package auth authenticates the tracker's gRPC callers by bearer token:
// a token names a tenant (who sees only its own workflows) or the operator
// role (cross-tenant reads, review decisions, cancel). With no tokens
// configured the API is open and every caller is an operator.
package auth

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// Role is what a caller may do.
type Role string

// Roles.
const (
	RoleTenant   Role = "tenant"
	RoleOperator Role = "operator"
)

// Principal is an authenticated caller.
type Principal struct {
	Role Role
	// Tenant is the tenant of a RoleTenant caller; empty for an operator.
	Tenant string
}

// Operator reports whether p has the operator role.
func (p Principal) Operator() bool { return p.Role == RoleOperator }

// Sees reports whether p may read a workflow of tenant.
func (p Principal) Sees(tenant string) bool { return p.Operator() || p.Tenant == tenant }

// Anonymous is every caller's principal when authentication is off.
var Anonymous = Principal{Role: RoleOperator}

type ctxKey struct{}

// WithPrincipal returns ctx carrying p.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// FromContext returns the principal the interceptors put in ctx; ok is
// false when there is none (a call that did not pass them), which callers
// must refuse.
func FromContext(ctx context.Context) (p Principal, ok bool) {
	p, ok = ctx.Value(ctxKey{}).(Principal)
	return p, ok
}

// Tokens maps bearer tokens (by SHA-256, so a lookup's timing says nothing
// of a token's bytes) to principals. A nil *Tokens is authentication off.
type Tokens struct {
	byHash map[[32]byte]Principal
}

// Load reads tokens from file (a JSON object, token → "operator" or
// "tenant:<id>") and inline ("token=principal,..."). Both empty: nil, auth
// off.
func Load(file, inline string) (*Tokens, error) {
	if file == "" && strings.TrimSpace(inline) == "" {
		return nil, nil
	}
	t := &Tokens{byHash: map[[32]byte]Principal{}}
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("read tokens file: %w", err)
		}
		var m map[string]string
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("decode tokens file %s: want a JSON object of token to principal: %w", file, err)
		}
		for tok, v := range m {
			if err := t.add(tok, v); err != nil {
				return nil, fmt.Errorf("tokens file %s: %w", file, err)
			}
		}
	}
	for _, part := range strings.Split(inline, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		tok, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, errors.New("inline tokens: want token=principal")
		}
		if err := t.add(tok, v); err != nil {
			return nil, fmt.Errorf("inline tokens: %w", err)
		}
	}
	if len(t.byHash) == 0 {
		return nil, errors.New("no tokens configured")
	}
	return t, nil
}

func (t *Tokens) add(token, principal string) error {
	if len(token) < 16 {
		return errors.New("a token needs at least 16 characters")
	}
	var p Principal
	switch tenant, isTenant := strings.CutPrefix(principal, "tenant:"); {
	case principal == string(RoleOperator):
		p = Principal{Role: RoleOperator}
	case isTenant && tenant != "":
		p = Principal{Role: RoleTenant, Tenant: tenant}
	default:
		return fmt.Errorf("principal %q: want operator or tenant:<id>", principal)
	}
	t.byHash[sha256.Sum256([]byte(token))] = p
	return nil
}

// Authenticate returns the principal of a bearer token.
func (t *Tokens) Authenticate(token string) (Principal, bool) {
	p, ok := t.byHash[sha256.Sum256([]byte(token))]
	return p, ok
}

// open reports the methods that need no token: health checking and
// reflection.
func open(method string) bool {
	return strings.HasPrefix(method, "/grpc.health.v1.Health/") ||
		strings.HasPrefix(method, "/grpc.reflection.v1.ServerReflection/") ||
		strings.HasPrefix(method, "/grpc.reflection.v1alpha.ServerReflection/")
}

// authenticate returns ctx with the caller's principal.
func (t *Tokens) authenticate(ctx context.Context, method string) (context.Context, error) {
	if t == nil {
		return WithPrincipal(ctx, Anonymous), nil
	}
	if open(method) {
		return ctx, nil
	}
	md, _ := metadata.FromIncomingContext(ctx)
	vals := md.Get("authorization")
	if len(vals) != 1 {
		return nil, status.Error(codes.Unauthenticated, "missing bearer token (authorization: Bearer <token>)")
	}
	tok, ok := strings.CutPrefix(vals[0], "Bearer ")
	if !ok {
		tok, ok = strings.CutPrefix(vals[0], "bearer ")
	}
	if !ok {
		return nil, status.Error(codes.Unauthenticated, "authorization is not a bearer token")
	}
	p, ok := t.Authenticate(strings.TrimSpace(tok))
	if !ok {
		return nil, status.Error(codes.Unauthenticated, "unknown bearer token")
	}
	return WithPrincipal(ctx, p), nil
}

// UnaryInterceptor authenticates unary calls.
func (t *Tokens) UnaryInterceptor() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		ctx, err := t.authenticate(ctx, info.FullMethod)
		if err != nil {
			return nil, err
		}
		return h(ctx, req)
	}
}

// StreamInterceptor authenticates streaming calls.
func (t *Tokens) StreamInterceptor() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
		ctx, err := t.authenticate(ss.Context(), info.FullMethod)
		if err != nil {
			return err
		}
		return h(srv, &stream{ServerStream: ss, ctx: ctx})
	}
}

type stream struct {
	grpc.ServerStream
	ctx context.Context
}

func (s *stream) Context() context.Context { return s.ctx }
