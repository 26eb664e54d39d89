package auth

import (
	"context"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"

	"github.com/docket-run/docket/pkg/tlsconf"
)

// openMethod reports the methods that need no credential: health checking
// and reflection.
func openMethod(method string) bool {
	return strings.HasPrefix(method, "/grpc.health.v1.Health/") ||
		strings.HasPrefix(method, "/grpc.reflection.v1.ServerReflection/") ||
		strings.HasPrefix(method, "/grpc.reflection.v1alpha.ServerReflection/")
}

// grpcPrincipal authenticates a call: a bearer token first, else the
// client certificate's subject.
func (s *Set) grpcPrincipal(ctx context.Context, method string) (context.Context, error) {
	if s == nil {
		return WithPrincipal(ctx, Anonymous), nil
	}
	if openMethod(method) {
		return ctx, nil
	}
	md, _ := metadata.FromIncomingContext(ctx)
	if vals := md.Get("authorization"); len(vals) > 0 {
		tok, ok := bearerToken(vals[0])
		if len(vals) != 1 || !ok {
			return nil, status.Error(codes.Unauthenticated, "authorization is not one bearer token (authorization: Bearer <token>)")
		}
		p, ok := s.Token(tok)
		if !ok {
			return nil, status.Error(codes.Unauthenticated, "unknown bearer token")
		}
		return WithPrincipal(ctx, p), nil
	}
	if pr, ok := peer.FromContext(ctx); ok {
		if ti, ok := pr.AuthInfo.(credentials.TLSInfo); ok {
			if p, ok := s.Subject(tlsconf.Subject(&ti.State)); ok {
				return WithPrincipal(ctx, p), nil
			}
		}
	}
	return nil, status.Error(codes.Unauthenticated, "missing credential: send authorization: Bearer <token>, or a client certificate the server maps to a principal")
}

// UnaryInterceptor authenticates unary calls; a nil Set lets every caller
// in as Anonymous.
func (s *Set) UnaryInterceptor() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		ctx, err := s.grpcPrincipal(ctx, info.FullMethod)
		if err != nil {
			return nil, err
		}
		return h(ctx, req)
	}
}

// StreamInterceptor authenticates streaming calls.
func (s *Set) StreamInterceptor() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
		ctx, err := s.grpcPrincipal(ss.Context(), info.FullMethod)
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

// bearerToken reads "Bearer <token>" (scheme case-insensitive).
func bearerToken(v string) (string, bool) {
	scheme, tok, ok := strings.Cut(strings.TrimSpace(v), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	tok = strings.TrimSpace(tok)
	return tok, tok != ""
}

// RemoteAddr returns the caller's network address of a gRPC call, "" when
// unknown.
func RemoteAddr(ctx context.Context) string {
	if pr, ok := peer.FromContext(ctx); ok && pr.Addr != nil {
		return pr.Addr.String()
	}
	return ""
}
