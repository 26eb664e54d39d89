// Package auth authenticates the callers of Docket's APIs and names them:
// a bearer token, or the subject of a verified client certificate (mutual
// TLS), maps to a Principal. Tokens are kept only as HMAC-SHA256 digests
// under a server key; the token file (and every certificate, see
// pkg/tlsconf) is read again when it changes. The package carries the
// gRPC interceptors and HTTP middleware every API uses, the Host-header
// check that keeps a loopback API from DNS rebinding, the guard that makes
// a browser unable to forge a state-changing call, and the start-up rule:
// an API that anyone but this host can reach does not start without
// authentication unless DOCKET_INSECURE says so.
package auth

import (
	"context"
	"fmt"
)

// Role is what a principal may do.
type Role string

// Roles.
const (
	// RoleTenant reads and cancels its own tenant's workflows.
	RoleTenant Role = "tenant"
	// RoleReviewer lists, claims and decides review tasks (of its tenant
	// when it has one, else of every tenant).
	RoleReviewer Role = "reviewer"
	// RoleOperator may do everything: every tenant's workflows, reviews,
	// cancel, replay and discard of parked items.
	RoleOperator Role = "operator"
	// RoleService is another Docket service: it reads every tenant's
	// workflows and records, and changes nothing.
	RoleService Role = "service"
)

func (r Role) valid() bool {
	switch r {
	case RoleTenant, RoleReviewer, RoleOperator, RoleService:
		return true
	}
	return false
}

// How a principal was authenticated.
const (
	ViaToken = "token"
	ViaMTLS  = "mtls"
	// ViaNone: the API runs without authentication (loopback, or
	// DOCKET_INSECURE); the caller is Anonymous.
	ViaNone = "none"
)

// Principal is an authenticated caller.
type Principal struct {
	// Name identifies the caller: a person (alice), a service (ingest) or
	// a tenant's application. It is what audit records and ledger records
	// name.
	Name string
	Role Role
	// Tenant scopes a tenant principal (always set) or a reviewer (set:
	// that tenant's reviews only).
	Tenant string
	// Via is how the caller was authenticated: ViaToken, ViaMTLS, ViaNone.
	Via string
}

// Anonymous is every caller of an API that runs without authentication.
var Anonymous = Principal{Name: "anonymous", Role: RoleOperator, Via: ViaNone}

// Authenticated reports whether p was proven by a credential.
func (p Principal) Authenticated() bool { return p.Via == ViaToken || p.Via == ViaMTLS }

// Operator reports whether p has the operator role.
func (p Principal) Operator() bool { return p.Role == RoleOperator }

// Reviewer reports whether p may claim and decide review tasks.
func (p Principal) Reviewer() bool { return p.Role == RoleOperator || p.Role == RoleReviewer }

// AllTenants reports whether p sees every tenant.
func (p Principal) AllTenants() bool { return p.Role != RoleTenant && p.Tenant == "" }

// Sees reports whether p may read a workflow of tenant.
func (p Principal) Sees(tenant string) bool { return p.AllTenants() || p.Tenant == tenant }

// String is "name (role)" or "name (role, tenant t)".
func (p Principal) String() string {
	if p.Tenant != "" {
		return fmt.Sprintf("%s (%s, tenant %s)", p.Name, p.Role, p.Tenant)
	}
	return fmt.Sprintf("%s (%s)", p.Name, p.Role)
}

type ctxKey struct{}

// WithPrincipal returns ctx carrying p.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// FromContext returns the principal the interceptors or the middleware put
// in ctx; ok is false when there is none, which callers must refuse.
func FromContext(ctx context.Context) (p Principal, ok bool) {
	p, ok = ctx.Value(ctxKey{}).(Principal)
	return p, ok
}
