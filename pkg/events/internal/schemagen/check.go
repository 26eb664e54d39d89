package schemagen

import (
	"encoding/json"
	"fmt"

	"github.com/hamba/avro/v2"
)

// check enforces the rules that make one Go package out of many
// self-contained schema files:
//   - every record lives in the docket namespace and starts with the field
//     meta of type docket.Meta;
//   - event record names are unique;
//   - a named type defined in several current schemas (Meta, BlobRef, ...) is
//     defined identically everywhere, docs and defaults included, because it
//     becomes a single Go type.
func check(fams []Family) error {
	events := map[string]string{} // event full name -> folder
	shared := map[string]named{}  // named type full name -> first definition
	nested := map[string]string{} // named type full name -> a file using it as a field type
	for _, f := range fams {
		for _, v := range f.Versions {
			if err := checkEnvelope(v); err != nil {
				return err
			}
		}
		cur := f.Current()
		name := cur.Schema.FullName()
		if prev, ok := events[name]; ok {
			return fmt.Errorf("record %s is defined by both schemas/%s and schemas/%s", name, prev, f.Dir)
		}
		events[name] = f.Dir
		defs, err := namedTypes(cur.Schema)
		if err != nil {
			return fmt.Errorf("%s: %w", cur.Path, err)
		}
		for _, d := range defs {
			if d.nested {
				nested[d.fullName] = cur.Path
			}
			first, ok := shared[d.fullName]
			if !ok {
				d.path = cur.Path
				shared[d.fullName] = d
				continue
			}
			if first.signature != d.signature {
				return fmt.Errorf("type %s differs between %s and %s; shared types must be identical in every current schema",
					d.fullName, first.path, cur.Path)
			}
		}
	}
	for name := range events {
		if path, ok := nested[name]; ok {
			return fmt.Errorf("event record %s is also used as a field type in %s", name, path)
		}
	}
	return nil
}

func checkEnvelope(v Version) error {
	s := v.Schema
	if s.Namespace() != Namespace {
		return fmt.Errorf("%s: namespace must be %q, got %q", v.Path, Namespace, s.Namespace())
	}
	fields := s.Fields()
	if len(fields) == 0 || fields[0].Name() != "meta" {
		return fmt.Errorf("%s: the first field must be meta", v.Path)
	}
	if n, ok := fields[0].Type().(avro.NamedSchema); !ok || n.FullName() != Namespace+".Meta" {
		return fmt.Errorf("%s: field meta must be of type %s.Meta", v.Path, Namespace)
	}
	return nil
}

// named is the definition of one named type, reduced to what must agree
// between files.
type named struct {
	fullName  string
	signature string
	nested    bool   // defined below the top-level record
	path      string // file of the first definition
}

// namedTypes returns the definitions of the named types in s, s included.
func namedTypes(s *avro.RecordSchema) ([]named, error) {
	var out []named
	var walk func(t avro.Schema, nested bool) error
	walk = func(t avro.Schema, nested bool) error {
		switch t := t.(type) {
		case *avro.RecordSchema:
			if t.Namespace() != Namespace {
				return fmt.Errorf("type %s: namespace must be %q", t.FullName(), Namespace)
			}
			sig, err := recordSignature(t)
			if err != nil {
				return err
			}
			out = append(out, named{fullName: t.FullName(), signature: sig, nested: nested})
			for _, f := range t.Fields() {
				if err := walk(f.Type(), true); err != nil {
					return err
				}
			}
		case *avro.ArraySchema:
			return walk(t.Items(), true)
		case *avro.MapSchema:
			return walk(t.Values(), true)
		case *avro.UnionSchema:
			for _, u := range t.Types() {
				if err := walk(u, true); err != nil {
					return err
				}
			}
		case avro.NamedSchema: // enum, fixed; references (*avro.RefSchema) are skipped
			if t.Namespace() != Namespace {
				return fmt.Errorf("type %s: namespace must be %q", t.FullName(), Namespace)
			}
			b, err := json.Marshal(t)
			if err != nil {
				return err
			}
			out = append(out, named{fullName: t.FullName(), signature: string(b), nested: nested})
		}
		return nil
	}
	if err := walk(s, false); err != nil {
		return nil, err
	}
	return out, nil
}

// recordSignature describes a record with its nested named types by name
// only, so that it does not depend on where in a file they are defined.
func recordSignature(r *avro.RecordSchema) (string, error) {
	type fieldSig struct {
		Name    string `json:"name"`
		Doc     string `json:"doc,omitempty"`
		Type    any    `json:"type"`
		Default any    `json:"default,omitempty"`
		HasDef  bool   `json:"has_default,omitempty"`
	}
	sig := struct {
		Name   string     `json:"name"`
		Doc    string     `json:"doc,omitempty"`
		Fields []fieldSig `json:"fields"`
	}{Name: r.FullName(), Doc: r.Doc()}
	for _, f := range r.Fields() {
		fs := fieldSig{Name: f.Name(), Doc: f.Doc(), Type: typeSignature(f.Type()), HasDef: f.HasDefault()}
		if f.HasDefault() {
			fs.Default = f.Default()
		}
		sig.Fields = append(sig.Fields, fs)
	}
	b, err := json.Marshal(sig)
	if err != nil {
		return "", fmt.Errorf("type %s: %w", r.FullName(), err)
	}
	return string(b), nil
}

func typeSignature(t avro.Schema) any {
	switch t := t.(type) {
	case avro.NamedSchema:
		return t.FullName()
	case *avro.RefSchema:
		return t.Schema().FullName()
	case *avro.ArraySchema:
		return map[string]any{"array": typeSignature(t.Items())}
	case *avro.MapSchema:
		return map[string]any{"map": typeSignature(t.Values())}
	case *avro.UnionSchema:
		var u []any
		for _, x := range t.Types() {
			u = append(u, typeSignature(x))
		}
		return u
	default:
		return t.String() // primitives, with their logical type
	}
}
