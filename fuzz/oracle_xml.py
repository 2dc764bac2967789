"""xml.etree (expat) beside gpq's OMM XML (parse_omm_xml: each <omm> cut out of the text and
read alone with pugixml).

Two readings are compared. Each <omm> fragment gpq cuts out (found here by the same textual
rule) is read alone by xml.etree: a set gpq reads must hold the values etree finds in it. And
where etree reads the whole document, its <omm> elements must be the fragments gpq cut.
"""

import math
import re
import xml.etree.ElementTree as ElementTree

import oracle_json

KEYS = ["OBJECT_NAME", "OBJECT_ID", "EPOCH", "MEAN_MOTION", "ECCENTRICITY", "INCLINATION",
        "RA_OF_ASC_NODE", "ARG_OF_PERICENTER", "MEAN_ANOMALY", "EPHEMERIS_TYPE",
        "CLASSIFICATION_TYPE", "NORAD_CAT_ID", "ELEMENT_SET_NO", "REV_AT_EPOCH", "BSTAR",
        "MEAN_MOTION_DOT", "MEAN_MOTION_DDOT", "CREATION_DATE", "TLE_LINE1", "TLE_LINE2"]
OPEN = re.compile(rb"<omm[ >\t\r\n]")
MAX_OMM = 1 << 20


def fragments(data):
    """The <omm> elements as gpq cuts them: from `<omm` and a blank or `>` to the first
    `</omm>`; an opening tag without its close ends the file."""
    out = []
    at = 0
    while (found := OPEN.search(data, at)) is not None:
        end = data.find(b"</omm>", found.start())
        if end < 0:
            break
        end += len(b"</omm>")
        if end - found.start() > MAX_OMM:
            at = found.start() + 4
            continue
        out.append(data[found.start():end])
        at = end
    return out


def fields_of(omm):
    """The keyword texts below `omm` as gpq's collect() takes them: in document order, the last
    of a repeated keyword winning, a keyword's own children not searched; then the header's
    CREATION_DATE."""
    fields = {}

    def walk(node):
        for child in node:
            if child.tag in KEYS:
                fields[child.tag] = child.text or ""
            else:
                walk(child)

    walk(omm)
    creation = omm.find("header/CREATION_DATE")
    if creation is not None:
        fields["CREATION_DATE"] = creation.text or ""
    return oracle_json.Pairs(fields.items())


def etree(data):
    """The tree expat reads, or None when it refuses the text (LookupError: a declared
    encoding Python does not know)."""
    try:
        return ElementTree.fromstring(data)
    except (ElementTree.ParseError, ValueError, LookupError, RecursionError):
        return None


def compare_fragment(fragment, event):
    tree = etree(fragment)
    if event["event"] == "skip":
        if not event["reason"].startswith("not well-formed XML"):
            return "agree: gpq refuses the set by its rules", ""
        if tree is None:
            return "both refuse the fragment", ""
        return "UNEXPLAINED: pugixml refuses what expat reads", fragment[:200]
    if tree is None:
        return ("documented: pugixml reads fragments expat refuses (it is not a validating "
                "XML 1.0 parser)", fragment[:200])
    wrong = oracle_json.value_mismatches(fields_of(tree), event)
    if wrong:
        return "UNEXPLAINED: values differ", f"{', '.join(wrong)}: {fragment[:200]!r}"
    return "agree: a set, values agree", ""


def compare(data, events):
    if events and events[-1]["event"] == "refused":
        declares = b"<!DOCTYPE" in data or b"<!ENTITY" in data
        if declares and "document type declaration" in events[-1]["reason"]:
            return [("agree: gpq refuses a document that declares entities (a validating "
                     "reader would expand them)", "")]
        return [("UNEXPLAINED: gpq refuses the whole document", events[-1]["reason"])]
    cut = fragments(data)
    outcomes = []
    open_at_end = len(events) == len(cut) + 1 and events[-1]["reason"].endswith("end of the file")
    if len(events) != len(cut) and not open_at_end:
        return [("UNEXPLAINED: gpq's <omm> elements are not the ones found here",
                 f"{len(cut)} here, gpq {len(events)}: {data[:200]!r}")]
    outcomes += [compare_fragment(f, e) for f, e in zip(cut, events)]
    document = etree(data)
    if document is not None:
        elements = ([document] if document.tag == "omm" else []) + list(document.iter("omm"))
        elements = list(dict.fromkeys(elements))
        if len(elements) != len(cut):
            outcomes.append(("documented: the text holds `<omm` where the tree has no such "
                             "element, or the reverse (comments, CDATA, namespaces, nesting)",
                             data[:200]))
        else:
            outcomes.append(("agree: the document's <omm> elements are the ones gpq cut", ""))
    return outcomes


def fixture_inputs(data_dir):
    iss = (data_dir / "iss_2026-09-23.xml").read_bytes()
    omm = iss[OPEN.search(iss).start():iss.rfind(b"</omm>") + 6]
    epoch = re.search(rb"<EPOCH>[^<]*</EPOCH>", omm).group()
    return [
        iss,
        omm,                                                    # a lone <omm>
        b"<ndm>" + omm + omm.replace(b"25544", b"25545") + b"</ndm>",
        b"<ndm><!-- <omm> --></ndm>",                           # `<omm` in a comment
        omm.replace(epoch, epoch + b"<EPOCH>2026-09-24T00:00:00</EPOCH>"),  # the last wins
        omm.replace(b"<OBJECT_NAME>", b"<OBJECT_NAME>A &amp; B "),           # an entity
        iss[:len(iss) // 2],                                    # cut off
        b'<!DOCTYPE ndm [<!ENTITY n "25544">]>' + omm,          # declares an entity
        b'<?xml version="1.0" encoding="UTF-9"?>' + omm,       # an encoding expat lacks
    ]
