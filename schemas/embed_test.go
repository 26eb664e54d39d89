package schemas_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/docket-run/docket/schemas"
)

// FS holds exactly the schema files of this folder, byte for byte.
func TestFSHoldsEverySchemaFile(t *testing.T) {
	onDisk, err := filepath.Glob(filepath.Join("*", "*.avsc"))
	if err != nil {
		t.Fatal(err)
	}
	if len(onDisk) == 0 {
		t.Fatal("no .avsc files in the schemas folder")
	}
	embedded, err := fs.Glob(schemas.FS, "*/*")
	if err != nil {
		t.Fatal(err)
	}
	if len(embedded) != len(onDisk) {
		t.Errorf("FS holds %d files, the folder %d .avsc files: %v vs %v", len(embedded), len(onDisk), embedded, onDisk)
	}
	for _, name := range onDisk {
		want, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := fs.ReadFile(schemas.FS, filepath.ToSlash(name))
		if err != nil {
			t.Errorf("%s is not embedded (schema files must be named <event>/v<N>.avsc): %v", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("embedded %s differs from the file", name)
		}
	}
}
