// Tessera's component catalog in the browser: name → implementation. Only these components can
// ever be built; the basic catalog is the same set without Tessera's extensions.
import { AudioPlayer, Icon, Image, Text, Video } from "./content.js";
import { Chart, SqlBlock, Table } from "./data.js";
import { Button, CheckBox, ChoicePicker, DateTimeInput, Slider, TextField } from "./inputs.js";
import { Card, Column, Divider, List, Modal, Row, Tabs } from "./layout.js";

export const BASIC_COMPONENTS = new Map(Object.entries({
  Text, Image, Icon, Video, AudioPlayer, Row, Column, List, Card, Tabs, Modal, Divider, Button,
  TextField, CheckBox, ChoicePicker, Slider, DateTimeInput,
}));

export const TESSERA_COMPONENTS = new Map([...BASIC_COMPONENTS, ["Table", Table], ["Chart", Chart], ["SqlBlock", SqlBlock]]);
