package auth

import (
	"encoding/json"
	"mime"
	"net"
	"net/http"
	"strings"

	"github.com/docket-run/docket/pkg/tlsconf"
)

// HTTP returns h behind authentication: a request without a known bearer
// token (or a client certificate mapped to a principal) is answered 401,
// others reach h with their principal in the context. A nil Set serves
// every request as Anonymous, but only when its Host header names this
// host (LoopbackHost): an API without authentication is meant for
// loopback, and a web page that rebinds its own DNS name to 127.0.0.1
// must not reach it. Every answer carries X-Content-Type-Options: nosniff,
// so that no browser reads an API's JSON as a page or a script.
func (s *Set) HTTP(realm string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if s == nil {
			LoopbackOnly(h).ServeHTTP(w, r.WithContext(WithPrincipal(r.Context(), Anonymous)))
			return
		}
		if v := r.Header.Get("Authorization"); v != "" {
			if tok, ok := bearerToken(v); ok {
				if p, ok := s.Token(tok); ok {
					h.ServeHTTP(w, r.WithContext(WithPrincipal(r.Context(), p)))
					return
				}
			}
		} else if p, ok := s.Subject(tlsconf.Subject(r.TLS)); ok {
			h.ServeHTTP(w, r.WithContext(WithPrincipal(r.Context(), p)))
			return
		}
		w.Header().Set("WWW-Authenticate", `Bearer realm="`+realm+`"`)
		writeError(w, http.StatusUnauthorized, "missing or unknown credential: send Authorization: Bearer <token>")
	})
}

// LoopbackOnly answers 421 to a request whose Host header does not name
// this host (LoopbackHost): the guard of an API without authentication
// against DNS rebinding, where a web page points its own name at 127.0.0.1
// and calls the API as a same-origin site. Like HTTP, it sets
// X-Content-Type-Options: nosniff on every answer.
func LoopbackOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if !LoopbackHost(r.Host) {
			writeError(w, http.StatusMisdirectedRequest, "this API runs without authentication and answers only requests addressed to localhost or a loopback address (Host "+r.Host+")")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// LoopbackHost reports whether a Host header names this host: localhost
// (or a name under .localhost) or a loopback IP, with or without a port.
func LoopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

var crossOrigin = http.NewCrossOriginProtection()

// StateChanging guards the calls of h that change something (every method
// but GET, HEAD and OPTIONS) against forgery from a browser: a
// cross-origin browser request is refused (403, by Sec-Fetch-Site and
// Origin), and the body must be JSON (415): application/json or a JSON
// type of its own, application/vnd.schemaregistry.v1+json, which a web
// page cannot send cross-origin without a CORS preflight that Docket never
// grants. A call without a body by a method other than POST (a DELETE)
// needs no type: a page cannot make one cross-origin without that
// preflight either. Authentication (HTTP) comes first: with tokens, such
// calls also need the Authorization header, which a browser never adds by
// itself.
func StateChanging(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			h.ServeHTTP(w, r)
			return
		}
		if err := crossOrigin.Check(r); err != nil {
			writeError(w, http.StatusForbidden, "cross-origin request refused: "+err.Error())
			return
		}
		if r.Method != http.MethodPost && r.Body == http.NoBody {
			h.ServeHTTP(w, r)
			return
		}
		if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || !jsonMedia(mt) {
			writeError(w, http.StatusUnsupportedMediaType, "send the body as Content-Type: application/json")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// jsonMedia reports whether the media type mt is JSON: application/json
// or an application type with the +json suffix (RFC 6839).
func jsonMedia(mt string) bool {
	return mt == "application/json" || strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json")
}

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}
