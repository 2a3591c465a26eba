/** DynamoDB faults at every step of a label purchase made with an API key (faults.ts says what each case checks). */
import { apiKeyFlows, describeFaults } from './faults';

describeFaults(apiKeyFlows);
