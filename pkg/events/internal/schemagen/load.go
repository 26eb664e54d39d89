// Package schemagen turns the Avro contracts in schemas/ into the Go code of
// package events: the structs (through hamba/avro's gen package) and the
// catalog table naming each version's file. The schema texts are not copied:
// package events reads them from the embedded schemas module.
//
// Layout of the schemas folder: one folder per event, named in snake_case
// (document_submitted), holding every released version as v1.avsc, v2.avsc,
// ... without gaps. The highest version is the current one.
package schemagen

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"

	"github.com/hamba/avro/v2"
)

// Namespace is the Avro namespace of every Docket type.
const Namespace = "docket"

// Version is one released version of an event schema.
type Version struct {
	N      int    // 1 for v1.avsc
	Path   string // file it was read from
	Text   string // file content, verbatim
	Schema *avro.RecordSchema
}

// Family is an event schema with all its released versions, oldest first.
type Family struct {
	Dir      string // folder name under schemas/
	Name     string // record name without namespace, e.g. DocumentSubmitted
	Versions []Version
}

// Current returns the highest released version.
func (f Family) Current() Version { return f.Versions[len(f.Versions)-1] }

var versionFile = regexp.MustCompile(`^v([1-9][0-9]*)\.avsc$`)

// Load reads every event folder under dir, sorted by folder name, and checks
// that the schemas form a consistent catalog.
func Load(dir string) ([]Family, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("read schemas folder: %w", err)
	}
	var fams []Family
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		f, err := loadFamily(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		fams = append(fams, f)
	}
	if len(fams) == 0 {
		return nil, fmt.Errorf("no schema folders in %s", dir)
	}
	if err := check(fams); err != nil {
		return nil, err
	}
	return fams, nil
}

func loadFamily(dir string) (Family, error) {
	fam := Family{Dir: filepath.Base(dir)}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fam, fmt.Errorf("read %s: %w", dir, err)
	}
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".avsc" {
			continue
		}
		m := versionFile.FindStringSubmatch(e.Name())
		if m == nil {
			return fam, fmt.Errorf("%s: schema files must be named v<N>.avsc", filepath.Join(dir, e.Name()))
		}
		n, _ := strconv.Atoi(m[1])
		v, err := loadVersion(filepath.Join(dir, e.Name()), n)
		if err != nil {
			return fam, err
		}
		fam.Versions = append(fam.Versions, v)
	}
	if len(fam.Versions) == 0 {
		return fam, fmt.Errorf("%s: no v<N>.avsc files", dir)
	}
	slices.SortFunc(fam.Versions, func(a, b Version) int { return a.N - b.N })
	for i, v := range fam.Versions {
		if v.N != i+1 {
			return fam, fmt.Errorf("%s: released versions must be v1..vN without gaps, v%d is missing", dir, i+1)
		}
		if i > 0 && v.Schema.FullName() != fam.Versions[0].Schema.FullName() {
			return fam, fmt.Errorf("%s: record name changed from %s to %s", v.Path, fam.Versions[0].Schema.FullName(), v.Schema.FullName())
		}
	}
	fam.Name = fam.Versions[0].Schema.Name()
	return fam, nil
}

func loadVersion(path string, n int) (Version, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Version{}, fmt.Errorf("read schema: %w", err)
	}
	// A private cache per file: files are self-contained, and the versions
	// of one record (same name, different fields) must not see each other.
	s, err := avro.ParseBytesWithCache(b, "", &avro.SchemaCache{})
	if err != nil {
		return Version{}, fmt.Errorf("parse %s: %w", path, err)
	}
	rec, ok := s.(*avro.RecordSchema)
	if !ok {
		return Version{}, fmt.Errorf("%s: top-level type must be a record, got %s", path, s.Type())
	}
	return Version{N: n, Path: path, Text: string(b), Schema: rec}, nil
}
