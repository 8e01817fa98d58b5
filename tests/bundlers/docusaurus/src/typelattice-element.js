// Client modules are also imported during the server-side render, where there are no custom elements: register
// the element in the browser only.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

if (ExecutionEnvironment.canUseDOM) import('typelattice/element');
