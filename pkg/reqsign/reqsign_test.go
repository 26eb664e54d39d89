package reqsign_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/docket-run/docket/pkg/reqsign"
)

func TestSignVerify(t *testing.T) {
	value := []byte("\x00\x00\x00\x00\x07avro body")
	sig := reqsign.Sign("s3cret", value)
	// The form any client computes by hand.
	m := hmac.New(sha256.New, []byte("s3cret"))
	m.Write(value)
	if want := "v1=" + hex.EncodeToString(m.Sum(nil)); sig != want {
		t.Fatalf("Sign = %s, want %s", sig, want)
	}
	for _, tc := range []struct {
		name    string
		secrets []string
		value   []byte
		sig     string
		want    error
	}{
		{"signed", []string{"s3cret"}, value, sig, nil},
		{"rotation: the old secret still verifies", []string{"new", "s3cret"}, value, sig, nil},
		{"unsigned", []string{"s3cret"}, value, "", reqsign.ErrMissing},
		{"other secret", []string{"other"}, value, sig, reqsign.ErrInvalid},
		{"no secret", nil, value, sig, reqsign.ErrInvalid},
		{"empty secret never verifies", []string{""}, value, reqsign.Sign("", value), reqsign.ErrInvalid},
		{"value changed", []string{"s3cret"}, append([]byte{}, "\x00\x00\x00\x00\x07avro bodY"...), sig, reqsign.ErrInvalid},
		{"unknown version", []string{"s3cret"}, value, "v2=" + sig[3:], reqsign.ErrInvalid},
		{"not hex", []string{"s3cret"}, value, "v1=zz", reqsign.ErrInvalid},
		{"truncated", []string{"s3cret"}, value, sig[:40], reqsign.ErrInvalid},
	} {
		if err := reqsign.Verify(tc.secrets, tc.value, tc.sig); !errors.Is(err, tc.want) {
			t.Errorf("%s: Verify = %v, want %v", tc.name, err, tc.want)
		}
	}
}
