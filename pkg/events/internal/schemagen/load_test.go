package schemagen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const metaOK = `{"name":"meta","type":{"type":"record","name":"Meta","fields":[{"name":"event_id","type":"string"}]}}`

func record(name, meta string, extra ...string) string {
	fields := append([]string{meta}, extra...)
	return `{"type":"record","name":"` + name + `","namespace":"docket","fields":[` + strings.Join(fields, ",") + `]}`
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoad(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		wantErr string // empty: must load
	}{
		{
			name: "two events share Meta, one evolved",
			files: map[string]string{
				"a/v1.avsc": record("A", metaOK),
				"a/v2.avsc": record("A", metaOK, `{"name":"x","type":"string","default":""}`),
				"b/v1.avsc": record("B", metaOK),
			},
		},
		{
			name:    "gap in versions",
			files:   map[string]string{"a/v1.avsc": record("A", metaOK), "a/v3.avsc": record("A", metaOK)},
			wantErr: "v2 is missing",
		},
		{
			name:    "badly named file",
			files:   map[string]string{"a/v01.avsc": record("A", metaOK)},
			wantErr: "must be named v<N>.avsc",
		},
		{
			name:    "meta not first",
			files:   map[string]string{"a/v1.avsc": record("A", `{"name":"x","type":"string"}`, metaOK)},
			wantErr: "first field must be meta",
		},
		{
			name: "Meta differs between files",
			files: map[string]string{
				"a/v1.avsc": record("A", metaOK),
				"b/v1.avsc": record("B", `{"name":"meta","type":{"type":"record","name":"Meta","fields":[{"name":"event_id","type":"long"}]}}`),
			},
			wantErr: "type docket.Meta differs",
		},
		{
			name:    "record renamed between versions",
			files:   map[string]string{"a/v1.avsc": record("A", metaOK), "a/v2.avsc": record("B", metaOK)},
			wantErr: "record name changed",
		},
		{
			name:    "same record in two folders",
			files:   map[string]string{"a/v1.avsc": record("A", metaOK), "b/v1.avsc": record("A", metaOK)},
			wantErr: "defined by both",
		},
		{
			name: "wrong namespace",
			files: map[string]string{
				"a/v1.avsc": strings.Replace(record("A", metaOK), `"namespace":"docket"`, `"namespace":"other"`, 1),
			},
			wantErr: `namespace must be "docket"`,
		},
		{
			name:    "not Avro",
			files:   map[string]string{"a/v1.avsc": `{"type":"record","name":"A"}`},
			wantErr: "parse",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fams, err := Load(writeTree(t, tt.files))
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("Load: %v", err)
				}
				if _, err := Render(fams); err != nil {
					t.Fatalf("Render: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Load error = %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestRenderOneMetaType(t *testing.T) {
	fams, err := Load(writeTree(t, map[string]string{
		"a/v1.avsc": record("A", metaOK),
		"b/v1.avsc": record("B", metaOK),
	}))
	if err != nil {
		t.Fatal(err)
	}
	files, err := Render(fams)
	if err != nil {
		t.Fatal(err)
	}
	types := string(files[TypesFile])
	if n := strings.Count(types, "type Meta struct"); n != 1 {
		t.Errorf("types_gen.go defines Meta %d times, want once:\n%s", n, types)
	}
	for name, b := range files {
		if !strings.HasPrefix(string(b), "// Code generated ") || !strings.Contains(strings.SplitN(string(b), "\n", 2)[0], "DO NOT EDIT.") {
			t.Errorf("%s does not start with a generated-code header", name)
		}
	}
}
