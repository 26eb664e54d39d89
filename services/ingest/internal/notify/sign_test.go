package notify

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
	"time"
)

// TestSignEverySecret: during a rotation a callback carries a v1 signature
// under each of the tenant's two secrets, so a receiver verifies it with
// either.
func TestSignEverySecret(t *testing.T) {
	body := []byte(`{"workflow_id":"w"}`)
	at := time.Unix(1700000000, 0)
	got := Sign([]string{"old-secret", "new-secret"}, at, body)
	want := "t=1700000000"
	for _, s := range []string{"old-secret", "new-secret"} {
		m := hmac.New(sha256.New, []byte(s))
		m.Write([]byte("1700000000." + string(body)))
		want += ",v1=" + hex.EncodeToString(m.Sum(nil))
	}
	if got != want {
		t.Fatalf("Sign = %s, want %s", got, want)
	}
	if one := Sign([]string{"old-secret"}, at, body); strings.Count(one, "v1=") != 1 || !strings.HasPrefix(got, one) {
		t.Errorf("one secret: %s", one)
	}
}
