package bench

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"google.golang.org/protobuf/encoding/protowire"
)

// profileStringTable is the field number of a pprof Profile's string
// table (github.com/google/pprof, proto/profile.proto).
const profileStringTable = 6

// TrimProfile rewrites the file names in a gzipped pprof profile so that
// none names a folder of the machine it was taken on: a source file under
// root (the repository) becomes relative to it, one in the module cache
// its module path (github.com/...), one of the Go distribution its path
// under src (runtime/proc.go), and an executable under tmp its base name.
// Everything else in the profile is kept byte for byte.
func TrimProfile(gz []byte, root, goroot, tmp string) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("trim profile: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("trim profile: %w", err)
	}
	var out []byte
	for b := raw; len(b) > 0; {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return nil, fmt.Errorf("trim profile: %w", protowire.ParseError(n))
		}
		m := protowire.ConsumeFieldValue(num, typ, b[n:])
		if m < 0 {
			return nil, fmt.Errorf("trim profile: %w", protowire.ParseError(m))
		}
		if num == profileStringTable && typ == protowire.BytesType {
			s, _ := protowire.ConsumeString(b[n:])
			out = protowire.AppendTag(out, num, typ)
			out = protowire.AppendString(out, trimPath(s, root, goroot, tmp))
		} else {
			out = append(out, b[:n+m]...)
		}
		b = b[n+m:]
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(out); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// trimPath is TrimProfile's rule for one string.
func trimPath(s, root, goroot, tmp string) string {
	if !filepath.IsAbs(s) {
		return s
	}
	if _, mod, ok := strings.Cut(s, "/pkg/mod/"); ok {
		return mod
	}
	for _, prefix := range []string{root + "/", goroot + "/src/"} {
		if len(prefix) > 1 && strings.HasPrefix(s, prefix) {
			return strings.TrimPrefix(s, prefix)
		}
	}
	if tmp != "" && strings.HasPrefix(s, tmp+"/") {
		return filepath.Base(s)
	}
	return s
}
