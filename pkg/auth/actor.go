package auth

import (
	"errors"
	"fmt"
)

// ErrImpersonation refuses a request that names another actor than its
// credential's principal.
var ErrImpersonation = errors.New("the actor is the caller's principal: a request may not name another")

// Actor returns who performs an action, for audit and ledger records: the
// principal's name, which a request may repeat (claimed) but not replace
// (ErrImpersonation). Without authentication there is no proof of anyone:
// a claimed name is kept, marked "unauthenticated:<name>", and no name is
// "anonymous".
func Actor(p Principal, claimed string) (string, error) {
	if !p.Authenticated() {
		if claimed == "" {
			return Anonymous.Name, nil
		}
		return "unauthenticated:" + claimed, nil
	}
	if claimed != "" && claimed != p.Name {
		return "", fmt.Errorf("%w (%q asked as %q)", ErrImpersonation, p.Name, claimed)
	}
	return p.Name, nil
}
