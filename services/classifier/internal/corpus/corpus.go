// Package corpus reads and generates the labeled training corpus:
// corpus/<type>/<type>-NNNN.txt, one document per file, generated; and
// reads the labelled documents of the same layout trained on beside it
// (field/<type>/*.txt, documents from outside trials as Docket read them).
package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

// Types are the document types the corpus covers, "other" included: the
// built-in model's (events.DocumentTypes), which the tracker checks an
// operator's correction against.
var Types = events.DocumentTypes

// Load reads every corpus/<type>/*.txt under dir, sorted by type and name.
func Load(dir string) ([]textmodel.Doc, error) {
	docs, err := LoadFS(os.DirFS(dir))
	if err != nil {
		return nil, fmt.Errorf("corpus %s: %w", dir, err)
	}
	return docs, nil
}

// LoadFS reads every <type>/*.txt of each of fss in turn, sorted by type
// and name within each.
func LoadFS(fss ...fs.FS) ([]textmodel.Doc, error) {
	var docs []textmodel.Doc
	for _, fsys := range fss {
		d, err := loadFS(fsys)
		if err != nil {
			return nil, err
		}
		docs = append(docs, d...)
	}
	if len(docs) == 0 {
		return nil, errors.New("no documents")
	}
	return docs, nil
}

// loadFS reads every <type>/*.txt of fsys, sorted by type and name.
func loadFS(fsys fs.FS) ([]textmodel.Doc, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("read corpus: %w", err)
	}
	var docs []textmodel.Doc
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if !slices.Contains(Types, e.Name()) {
			return nil, fmt.Errorf("corpus folder %s: not a document type (%s)", e.Name(), strings.Join(Types, ", "))
		}
		files, err := fs.Glob(fsys, path.Join(e.Name(), "*.txt"))
		if err != nil {
			return nil, fmt.Errorf("list corpus %s: %w", e.Name(), err)
		}
		sort.Strings(files)
		for _, f := range files {
			b, err := fs.ReadFile(fsys, f)
			if err != nil {
				return nil, fmt.Errorf("read corpus document: %w", err)
			}
			docs = append(docs, textmodel.Doc{Name: path.Base(f), Class: e.Name(), Text: string(b)})
		}
	}
	return docs, nil
}

// Write stores docs under dir as <class>/<name>, replacing what each class
// folder held before.
func Write(dir string, docs []textmodel.Doc) error {
	seen := map[string]bool{}
	for _, d := range docs {
		cd := filepath.Join(dir, d.Class)
		if !seen[d.Class] {
			seen[d.Class] = true
			if err := os.RemoveAll(cd); err != nil {
				return fmt.Errorf("clear %s: %w", cd, err)
			}
			if err := os.MkdirAll(cd, 0o755); err != nil {
				return fmt.Errorf("create %s: %w", cd, err)
			}
		}
		text := strings.TrimRight(d.Text, "\n") + "\n"
		if err := os.WriteFile(filepath.Join(cd, d.Name), []byte(text), 0o644); err != nil {
			return fmt.Errorf("write %s: %w", d.Name, err)
		}
	}
	return nil
}
