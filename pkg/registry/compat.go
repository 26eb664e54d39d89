package registry

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hamba/avro/v2"
	"github.com/twmb/franz-go/pkg/sr"
)

// maxReferenceDepth bounds how deep schema references may nest.
const maxReferenceDepth = 32

// parsedVersion is a live version of a subject, parsed.
type parsedVersion struct {
	version int
	schema  avro.Schema
	stored  sr.SubjectSchema
}

// parse parses s completely, resolving its references from the registry.
// Each call uses a fresh name cache so that a schema can only use the named
// types it defines or references, never ones left behind by another parse.
func (r *Registry) parse(s sr.Schema) (avro.Schema, error) {
	if s.Type != sr.TypeAvro {
		return nil, fmt.Errorf("schema type %s is not supported, only AVRO", s.Type)
	}
	cache := &avro.SchemaCache{}
	if err := r.loadReferences(s.References, cache, map[string]bool{}, 0); err != nil {
		return nil, err
	}
	parsed, err := avro.ParseWithCache(s.Schema, "", cache)
	if err != nil {
		return nil, fmt.Errorf("invalid Avro schema: %w", err)
	}
	return parsed, nil
}

// canonical is the form in which two schemas are the same schema: the
// parsed schema written back as JSON, every name in full, attributes in a
// fixed order, whitespace gone. Writers differ in how they spell a schema —
// Python's avro library gives nested records explicit namespaces, others
// inherit the enclosing one — and Confluent's registry matches a lookup or
// a registration by the parsed schema, not by its text. Avro's Parsing
// Canonical Form is not used: it drops docs, aliases and field defaults,
// and a schema that differs from another only in a default is another
// schema (it resolves differently).
func canonical(s avro.Schema) (string, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return "", fmt.Errorf("write parsed schema: %w", err)
	}
	return string(b), nil
}

// sameSchema reports whether a candidate, parsed, with its references is a
// stored version.
func sameSchema(form string, refs []sr.SchemaReference, v parsedVersion) (bool, error) {
	vf, err := canonical(v.schema)
	if err != nil {
		return false, err
	}
	if vf != form || len(refs) != len(v.stored.References) {
		return false, nil
	}
	a, b := slices.Clone(refs), slices.Clone(v.stored.References)
	byName := func(x, y sr.SchemaReference) int { return strings.Compare(x.Name, y.Name) }
	slices.SortFunc(a, byName)
	slices.SortFunc(b, byName)
	return slices.Equal(a, b), nil
}

// loadReferences parses the referenced schemas, their own references first,
// into cache.
func (r *Registry) loadReferences(refs []sr.SchemaReference, cache *avro.SchemaCache, done map[string]bool, depth int) error {
	if depth > maxReferenceDepth {
		return fmt.Errorf("schema references nest deeper than %d", maxReferenceDepth)
	}
	for _, ref := range refs {
		key := fmt.Sprintf("%s\x00%d", ref.Subject, ref.Version)
		if done[key] {
			continue
		}
		done[key] = true
		ss, ok := r.fake.GetSchema(ref.Subject, ref.Version)
		if !ok {
			return fmt.Errorf("reference %q: subject %q version %d not found", ref.Name, ref.Subject, ref.Version)
		}
		if ss.Type != sr.TypeAvro {
			return fmt.Errorf("reference %q: schema type %s is not supported, only AVRO", ref.Name, ss.Type)
		}
		if err := r.loadReferences(ss.References, cache, done, depth+1); err != nil {
			return err
		}
		if _, err := avro.ParseWithCache(ss.Schema.Schema, "", cache); err != nil {
			return fmt.Errorf("reference %q: invalid Avro schema: %w", ref.Name, err)
		}
	}
	return nil
}

// transitive reports whether level checks against every live version rather
// than the latest only.
func transitive(level sr.CompatibilityLevel) bool {
	switch level {
	case sr.CompatBackwardTransitive, sr.CompatForwardTransitive, sr.CompatFullTransitive:
		return true
	}
	return false
}

// incompatibilities checks candidate against previous (ascending by version)
// under level and returns why it is incompatible, or nothing. Under a
// non-transitive level only the last of previous is checked.
func incompatibilities(level sr.CompatibilityLevel, candidate avro.Schema, previous []parsedVersion) []string {
	if level == sr.CompatNone || len(previous) == 0 {
		return nil
	}
	if !transitive(level) {
		previous = previous[len(previous)-1:]
	}
	var backward, forward bool
	switch level {
	case sr.CompatBackward, sr.CompatBackwardTransitive:
		backward = true
	case sr.CompatForward, sr.CompatForwardTransitive:
		forward = true
	case sr.CompatFull, sr.CompatFullTransitive:
		backward, forward = true, true
	}
	var msgs []string
	for _, p := range previous {
		if backward {
			if err := compatible(candidate, p.schema); err != nil {
				msgs = append(msgs, fmt.Sprintf("%s: the new schema cannot read data written with version %d: %v", level, p.version, err))
			}
		}
		if forward {
			if err := compatible(p.schema, candidate); err != nil {
				msgs = append(msgs, fmt.Sprintf("%s: version %d cannot read data written with the new schema: %v", level, p.version, err))
			}
		}
	}
	return msgs
}

// compatible reports whether data written with writer can be read with
// reader. It uses a new SchemaCompatibility on every call: hamba caches
// results by the schemas' canonical-form fingerprints, and the canonical form
// leaves out field defaults, so a shared instance would answer for one schema
// what it found for another that differs only in its defaults.
func compatible(reader, writer avro.Schema) error {
	return avro.NewSchemaCompatibility().Compatible(reader, writer)
}
